"""a05: a04's mountinfo shows a devpts instance at /dev/pts (rw, ptmxmode=666) though README says /dev has no
pseudo-terminals (their number is capped for the whole host: kernel.pty.max). Can the kernel reach /dev/pts/ptmx
(or /dev/ptmx) and allocate ptys, and how many? Also the rest of mountinfo."""
from common import *
PROBE = r'''
q1 = "b"
import os
print("ls /dev", sorted(os.listdir("/dev")))
try: print("ls /dev/pts", os.listdir("/dev/pts"), oct(os.stat("/dev/pts").st_mode))
except OSError as e: print("ls /dev/pts", e)
for p in ("/dev/pts/ptmx", "/dev/ptmx"):
    try: fd = os.open(p, os.O_RDWR | os.O_NOCTTY); print("OPENED", p); os.close(fd)
    except OSError as e: print(p, e)
n = 0; fds = []
try:
    for i in range(200):
        fds.append(os.open("/dev/pts/ptmx", os.O_RDWR | os.O_NOCTTY)); n += 1
except OSError as e: print("stopped at", n, e)
print("ptys held", n)
try: print("pty nr now", open("/proc/sys/kernel/pty/nr").read())
except OSError as e: print(e)
m = open("/proc/self/mountinfo").read().splitlines()
print("\n".join(l for l in m if "/proc/" not in l.split()[4])[-3000:])
'''
c = probe_run("a05", PROBE)
