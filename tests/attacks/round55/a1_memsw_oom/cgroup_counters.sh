#!/bin/bash
# As root: a v1 memory cgroup set up as grader/sandbox.py's _cgroup_v1 does (memory and memsw limits equal, swappiness 0),
# a process that goes over it, and the counters grader.sandbox.killed_by_host_oom reads.
set -u
own=$(awk -F: '$2=="memory"{print $3}' /proc/self/cgroup)
cg=/sys/fs/cgroup/memory${own}/r55-memsw-probe-$$
mkdir "$cg"
echo $((256*1024*1024)) > "$cg/memory.limit_in_bytes"
echo $((256*1024*1024)) > "$cg/memory.memsw.limit_in_bytes"
echo 0 > "$cg/memory.swappiness"
sh -c "echo \$\$ > $cg/cgroup.procs; exec python3 -c 'b = b\"x\" * (400*2**20)'"
echo "hog exit status: $?"
for f in memory.failcnt memory.memsw.failcnt memory.oom_control; do echo "== $f"; cat "$cg/$f"; done
cd CLONE && .venv/bin/python -c "import grader.sandbox as s; print('killed_by_host_oom ->', s.killed_by_host_oom(['$cg']))"
rmdir "$cg"
