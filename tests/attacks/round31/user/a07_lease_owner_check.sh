#!/bin/sh
# a07: standalone: who may lease the checkout's files? (supports a05's fix) uid 65534 (owner, as a sandbox of an
# ordinary-user grader is) vs uid 65533 (not the owner, as a root grader's sandbox is).
for u in 65534 65533; do
  setpriv --reuid $u --regid $u --clear-groups CLONE/.venv/bin/python -c "
import os, fcntl
fd = os.open('CLONE/.venv/pyvenv.cfg', os.O_RDONLY)
try:
    fcntl.fcntl(fd, 1024, fcntl.F_RDLCK); print('uid', os.getuid(), 'read lease: taken')
except OSError as e:
    print('uid', os.getuid(), 'read lease:', e.strerror)
"
done
