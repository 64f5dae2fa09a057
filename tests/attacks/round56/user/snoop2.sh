#!/bin/bash
# uid 65000: while the TA runs a lecture notebook in a venv kernel, list the TA's TCP/UDP listeners, unix sockets and /tmp names
end=$((SECONDS+${1:-60}))
while [ $SECONDS -lt $end ]; do
  awk 'NR>1 && $8==65534 {print "TCP", $2, $3, $4}' /proc/net/tcp /proc/net/tcp6 2>/dev/null
  awk 'NR>1 && $8==65534 {print "UDP", $2}' /proc/net/udp /proc/net/udp6 2>/dev/null
  awk 'NR>1 {print "UNIX", $NF}' /proc/net/unix | grep -v "^UNIX [0-9]*$" | grep -E "kernel|ipykernel|distcourse|pymp|launch|torch|@" 
  find /tmp /dev/shm -maxdepth 2 -user 65534 -newer NOTES/TASK.md 2>/dev/null | sed 's/^/FILE /'
  sleep 0.2
done | sort | uniq -c
