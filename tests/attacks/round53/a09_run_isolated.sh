#!/bin/bash
# a09 in a network namespace of its own (TA root, student uid 65534), as a04e; the student stops at 64 x 8 MiB
cd tests/attacks/round53
exec unshare -n bash -c '
ip link set lo up
setpriv --reuid 65534 --regid 65534 --clear-groups CLONE/.venv/bin/python /tmp/attack53-root-work/a09_student_store_fill.py 40 64 > /tmp/attack53-root-work/a09.student.txt 2>&1 &
sleep 2
TORCH_CPP_LOG_LEVEL=FATAL timeout 100 CLONE/.venv/bin/python a09_ta_victim_rss.py 2>&1 | grep -v "frame #\|^Exception\|^$\|omitting\|c10d\]"
wait
'
