#!/bin/bash
# a04f: eight launches (8-s timeout) against the impostor, for a rate. Run the TA's launches (root) and the student's impostor (uid 65534) in one private network namespace of their own,
# so that the student's listener scan sees only the TA's sockets of this test (the host's loopback is shared with other
# sessions, whose root test runs a04d's first run also touched).
cd tests/attacks/round53
exec unshare -n bash -c '
python3 -c "
import socket, fcntl, struct
s = socket.socket(); ifr = struct.pack(\"16sH\", b\"lo\", 0x1 | 0x8)
fcntl.ioctl(s, 0x8914, ifr)"
setpriv --reuid 65534 --regid 65534 --clear-groups CLONE/.venv/bin/python /tmp/attack53-root-work/a04d_student_impostor_fast.py 150 > /tmp/attack53-root-work/a04f.student.txt 2>&1 &
sleep 6
A04_LAUNCHES=8 A04_TIMEOUT=8 TORCH_CPP_LOG_LEVEL=FATAL timeout 300 CLONE/.venv/bin/python a04e_ta_victim_print.py 2>&1 | grep -v "frame #\|^Exception\|^$\|omitting\|c10d\]"
wait
'
