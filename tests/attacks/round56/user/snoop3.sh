#!/bin/bash
# uid 65000: the TA's TCP listeners and chromium's command line while the TA runs a browser test
end=$((SECONDS+${1:-120}))
while [ $SECONDS -lt $end ]; do
  awk 'NR>1 && $8==65534 && $4=="0A" {print "TCP LISTEN", $2}' /proc/net/tcp /proc/net/tcp6 2>/dev/null
  for p in $(pgrep -u 65534 chrom 2>/dev/null | head -3); do tr '\0' ' ' < /proc/$p/cmdline 2>/dev/null | grep -o -- '--remote-debugging[^ ]*' | sed 's/^/CHROMIUM /'; done
  sleep 0.2
done | sort | uniq -c
