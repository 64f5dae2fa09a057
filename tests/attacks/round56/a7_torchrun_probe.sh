#!/bin/bash
# TA (root) runs lecture 02's torchrun line through helpers.private_network.command; meanwhile the local account
# (uid 65534) lists the host's TCP listeners (/proc/net/tcp{,6}) every 0.2 s, looking for the rendezvous store.
cd CLONE/notebooks
before=$(mktemp); setpriv --reuid=65534 --regid=65534 --clear-groups cat /proc/net/tcp /proc/net/tcp6 | awk '$4=="0A"{print $2}' | sort -u > $before
( for i in $(seq 1 60); do setpriv --reuid=65534 --regid=65534 --clear-groups cat /proc/net/tcp /proc/net/tcp6 | awk '$4=="0A"{print $2}'; sleep 0.2; done | sort -u > /tmp/a7_during.txt ) &
w=$!
timeout 120 ../.venv/bin/python -c "
import sys, subprocess; sys.path.insert(0, '..')
import helpers.private_network as pn
cmd = pn.command([sys.executable, '-m', 'torch.distributed.run', '--standalone', '--nproc_per_node=2', 'scripts/02_train_ddp.py', '--per-rank-batch', '16'])
r = subprocess.run(cmd, capture_output=True, text=True, timeout=110); print('rc', r.returncode); print(r.stdout[-300:]); print(r.stderr[-500:])
"
wait $w
echo "new listeners seen by uid 65534 during the run (hex addr:port), not there before:"; comm -13 $before /tmp/a7_during.txt
rm -f $before /tmp/a7_during.txt
