#!/bin/bash
# Run as the attacker (uid 65000): sample what a local account sees of the TA's run.
out=${1:-/tmp/mon65000}; mkdir -p $out; n=0
end=$((SECONDS+${2:-90}))
while [ $SECONDS -lt $end ]; do
  n=$((n+1))
  ps -eo pid,ppid,user:10,args --sort pid | awk '$3=="nobody"' > $out/ps.$n 2>&1
  ss -xlp 2>/dev/null | grep -v "^Netid" > $out/ssx.$n
  ss -ltnup 2>/dev/null > $out/sst.$n
  ls -la /tmp /dev/shm /var/tmp > $out/tmp.$n 2>&1
  sleep 0.5
done
