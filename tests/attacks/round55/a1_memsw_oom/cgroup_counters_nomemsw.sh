#!/bin/bash
# Same as cgroup_counters.sh but with memory.limit_in_bytes alone (no memsw limit): does failcnt count at all here?
own=$(awk -F: '$2=="memory"{print $3}' /proc/self/cgroup)
cg=/sys/fs/cgroup/memory${own}/r55-memsw-probe2-$$
mkdir "$cg"
echo $((256*1024*1024)) > "$cg/memory.limit_in_bytes"
sh -c "echo \$\$ > $cg/cgroup.procs; exec python3 -c 'b = b\"x\" * (400*2**20)'"
echo "hog exit status: $?"
for f in memory.failcnt memory.memsw.failcnt memory.max_usage_in_bytes memory.oom_control; do echo "== $f"; cat "$cg/$f"; done
rmdir "$cg"
