"""a12: system calls of host-wide effect the deny list does not name, tried from the kernel: syncfs on a read-only
bind of the host's disk, sync_file_range, membarrier(GLOBAL) (an RCU grace period each), mlock past 64 KiB,
sched_setaffinity/getaffinity of bwrap's init, quotactl-free statfs of the host disk, ustat/sysfs, setdomainname."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
CODE = r'''q1 = "b"
import ctypes, os, time, mmap
libc = ctypes.CDLL(None, use_errno=True)
sc = libc.syscall
def call(name, *a):
    ctypes.set_errno(0); r = sc(*a); print("CALL", name, r, os.strerror(ctypes.get_errno()) if r == -1 else "")
fd = os.open("/usr/bin/env", os.O_RDONLY)
call("syncfs(/usr)", 306, fd)
call("sync_file_range(/usr/bin/env)", 277, fd, ctypes.c_long(0), ctypes.c_long(0), 7)
call("fsync(/usr/bin/env)", 74, fd)
call("membarrier(QUERY)", 324, 0, 0, 0)
t = time.time()
for _ in range(100): r = sc(324, 1, 0, 0)
print("CALL membarrier(GLOBAL) x100", r, round(time.time() - t, 3), "s")
buf = ctypes.create_string_buffer(1 << 20)
call("mlock 1 MiB", 149, buf, 1 << 20)
call("setdomainname", 171, b"x", 1)
call("settimeofday", 164, 0, 0)
call("adjtimex(read)", 159, ctypes.byref((ctypes.c_char * 256)()))
call("clock_settime", 227, 0, ctypes.byref((ctypes.c_long * 2)(0, 0)))
call("vhangup", 153)
call("mknodat block", 259, -100, b"/tmp/b", 0o60644, 0x800)
call("ioprio_set self RT", 251, 1, 0, (1 << 13) | 0)
call("sched_setattr self DEADLINE", 314, 0, ctypes.byref((ctypes.c_uint32 * 14)(56, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), 0)
'''
d = make_course("a12")
hand_in(d, "aaron", notebook())
hand_in(d, "mallory", notebook(overrides={"quiz_q1": CODE}))
hand_in(d, "zoe", notebook())
grade(d)
scores(d)
for t in outputs(d, "mallory", want="CALL"): print(t)
