#!/bin/bash
# Run as uid 65534 (setpriv) during the TA's `make grade`: every file newer than the stamp that this account can read,
# under the course and /tmp, /run, /var/tmp, /dev/shm.
stamp=$1; out=$2
end=$((SECONDS+70))
while [ $SECONDS -lt $end ]; do
  find CLONE /tmp /var/tmp /dev/shm /run -xdev -newer "$stamp" \( -type f -o -type s -o -type d \) -readable \
     -not -path 'CLONE/.venv/*' -printf '%M %u %p\n' 2>/dev/null
  sleep 0.5
done | sort -u > "$out"
