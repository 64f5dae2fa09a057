#!/bin/bash
# root, on the host: every 0.5 s, each sandbox memory cgroup's usage and the host's MemAvailable / slab / unix sockets
end=$((SECONDS+${1:-90}))
while [ $SECONDS -lt $end ]; do
  t=$(date +%s.%N | cut -c1-14)
  av=$(awk '/MemAvailable/{print int($2/1024)}' /proc/meminfo)
  for g in $(find /sys/fs/cgroup/memory -maxdepth 4 -type d -name "distcourse-sandbox-*"); do
    [ -d "$g" ] || continue
    u=$(( $(cat $g/memory.usage_in_bytes 2>/dev/null || echo 0) >> 20 )); k=$(( $(cat $g/memory.kmem.usage_in_bytes 2>/dev/null || echo 0) >> 20 ))
    echo "$t host_avail_MiB=$av $(basename $g) usage_MiB=$u kmem_MiB=$k"
  done
  sleep 0.5
done
