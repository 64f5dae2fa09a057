#!/bin/bash
# a07 in a network namespace of its own (the TA's launches as root, the student's poke as uid 65534), as a04e
cd tests/attacks/round53
exec unshare -n bash -c '
ip link set lo up
setpriv --reuid 65534 --regid 65534 --clear-groups CLONE/.venv/bin/python /tmp/attack53-root-work/a07_student_gloo_poke.py 60 > /tmp/attack53-root-work/a07.student.txt 2>&1 &
sleep 2
A04_STEPS=60 TORCH_CPP_LOG_LEVEL=FATAL timeout 200 CLONE/.venv/bin/python a04e_ta_victim_print.py 2>&1 | grep -v "frame #\|^Exception\|^$\|omitting\|c10d\]"
wait
'
