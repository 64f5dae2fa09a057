#!/bin/bash
# run as uid 65000 while the TA grades: what of the TA's run is visible from another account
for i in $(seq 1 40); do
  echo "=== $(date +%T.%N)"
  for p in /proc/[0-9]*; do u=$(stat -c %u $p 2>/dev/null); [ "$u" = 65534 ] && echo "PROC ${p#/proc/} $(tr '\0' ' ' < $p/cmdline 2>/dev/null | cut -c1-200)"; done
  awk 'NR>1 && $8==65534 {print "TCP", $2, $3, $4}' /proc/net/tcp /proc/net/tcp6 2>/dev/null
  awk 'NR>1 && $8==65534 {print "UDP", $2}' /proc/net/udp 2>/dev/null
  grep -a '@' /proc/net/unix | awk '{print "UNIXABS", $NF}' | sort -u | head -20
  ls -la /tmp /dev/shm 2>/dev/null | grep -E "nobody|65534" | head -20
  sleep 0.5
done
