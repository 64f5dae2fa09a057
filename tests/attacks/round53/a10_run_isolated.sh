#!/bin/bash
# a10: three launches, the student reads the address blobs. Run the TA's launches (root) and the student's impostor (uid 65534) in one private network namespace of their own,
# so that the student's listener scan sees only the TA's sockets of this test (the host's loopback is shared with other
# sessions, whose root test runs a04d's first run also touched).
cd tests/attacks/round53
exec unshare -n bash -c '
python3 -c "
import socket, fcntl, struct
s = socket.socket(); ifr = struct.pack(\"16sH\", b\"lo\", 0x1 | 0x8)
fcntl.ioctl(s, 0x8914, ifr)"
setpriv --reuid 65534 --regid 65534 --clear-groups CLONE/.venv/bin/python /tmp/attack53-root-work/a10_student_store_leak.py 40 > /tmp/attack53-root-work/a10.student.txt 2>&1 &
sleep 6
A04_LAUNCHES=3 A04_TIMEOUT=20 A04_STEPS=3 TORCH_CPP_LOG_LEVEL=FATAL timeout 300 CLONE/.venv/bin/python a04e_ta_victim_print.py 2>&1 | grep -v "frame #\|^Exception\|^$\|omitting\|c10d\]"
wait
'
