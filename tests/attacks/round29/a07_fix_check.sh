#!/bin/sh
# a07: does the suggested fix work? bwrap as in the sandbox (own /proc), with and without a read-only bind of /proc/pressure,
# as uid 65534: can a process create a PSI trigger?
T='import os
try:
    fd = os.open("/proc/pressure/memory", os.O_RDWR | os.O_NONBLOCK); os.write(fd, b"some 150000 2000000\0"); print("trigger created")
except OSError as e:
    print("refused:", e)'
B="bwrap --unshare-all --die-with-parent --ro-bind /usr /usr --symlink usr/lib /lib --symlink usr/lib64 /lib64 --symlink usr/bin /bin --dev /dev --proc /proc"
echo "without fix:"; setpriv --reuid 65534 --regid 65534 --clear-groups $B python3 -c "$T"
echo "with --ro-bind /proc/pressure /proc/pressure:"; setpriv --reuid 65534 --regid 65534 --clear-groups $B --ro-bind /proc/pressure /proc/pressure python3 -c "$T"
echo "with --tmpfs /proc/pressure:"; setpriv --reuid 65534 --regid 65534 --clear-groups $B --tmpfs /proc/pressure python3 -c "$T"
