"""Round 50's prctl rule was spliced into the seccomp program between setrlimit's and the scheduling rules. From inside
mallory's kernel: PR_FUTEX_HASH (78) in every spelling (high bits set, each sub-op), other prctl options, and every rule
placed after it in the chain (scheduling of another process, stop signals, RLIMIT_CORE, ioctl, fcntl) still answered
as the README says. A wrong jump would let a refused call through, or refuse an allowed one."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
PAYLOAD = r'''
import ctypes, os, errno, signal, resource, socket, fcntl, mmap
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
def sc(nr, *a):
    ctypes.set_errno(0)
    r = libc.syscall(ctypes.c_long(nr), *[ctypes.c_ulong(x & 0xFFFFFFFFFFFFFFFF) for x in a])
    e = ctypes.get_errno()
    return (r, errno.errorcode.get(e, e) if r < 0 else 0)
res = {}
PRCTL = 157
for sub in range(0, 4):
    res[f"futex_hash sub{sub}"] = sc(PRCTL, 78, sub, 16, 0, 0)
res["futex_hash hi bits"] = sc(PRCTL, (1 << 32) | 78, 1, 1 << 24, 0, 0)
res["futex_hash neg"] = sc(PRCTL, 78 - (1 << 64), 1, 1 << 24, 0, 0)
res["PR_SET_NAME"] = sc(PRCTL, 15, ctypes.addressof(ctypes.create_string_buffer(b"x")), 0, 0, 0)
res["PR_GET_DUMPABLE"] = sc(PRCTL, 3, 0, 0, 0, 0)
res["PR_SET_DUMPABLE 1"] = sc(PRCTL, 4, 1, 0, 0, 0)
res["PR_SET_MEMORY_MERGE"] = sc(PRCTL, 67, 1, 0, 0, 0)
res["PR_SET_VMA anon name"] = sc(PRCTL, 0x53564d41, 0, 0, 0, 0)
res["PR_SET_MM"] = sc(PRCTL, 35, 1, 0, 0, 0)
res["PR_SET_TIMERSLACK"] = sc(PRCTL, 29, 1, 0, 0, 0)
res["PR_SET_IO_FLUSHER"] = sc(PRCTL, 57, 1, 0, 0, 0)
res["PR_SCHED_CORE create"] = sc(PRCTL, 62, 1, 0, 0, 0)
# rules after prctl
res["setrlimit CORE 0"] = sc(160, 4, ctypes.addressof((ctypes.c_ulong * 2)(0, 0)))
res["RLIMIT_CORE now"] = resource.getrlimit(resource.RLIMIT_CORE)
res["sched_setscheduler(1, IDLE)"] = sc(144, 1, 5, ctypes.addressof(ctypes.c_int(0)))
res["sched_setscheduler(self, IDLE)"] = sc(144, 0, 5, ctypes.addressof(ctypes.c_int(0)))
res["setpriority(pid 1, 19)"] = sc(141, 0, 1, 19)
res["setpriority(self, 5)"] = sc(141, 0, 0, 5)
res["ioprio_set(pid 1, idle)"] = sc(251, 1, 1, (3 << 13))
res["kill(1, SIGSTOP)"] = sc(62, 1, 19)
res["kill(1, 0)"] = sc(62, 1, 0)
res["tgkill(1,1,SIGTSTP)"] = sc(234, 1, 1, 20)
res["prlimit64(1, NOFILE)"] = sc(302, 1, 7, ctypes.addressof((ctypes.c_ulong * 2)(10, 10)), 0)
res["prlimit64(1, read)"] = sc(302, 1, 7, 0, ctypes.addressof((ctypes.c_ulong * 2)()))
res["ioctl FS_IOC_GETFLAGS on /usr"] = sc(16, os.open("/usr/bin", os.O_RDONLY), 0x80086601, ctypes.addressof(ctypes.c_long()))
res["ioctl FIONREAD pipe"] = sc(16, os.pipe()[0], 0x541B, ctypes.addressof(ctypes.c_int()))
r, w = os.pipe()
res["F_SETPIPE_SZ"] = sc(72, w, 1031, 1 << 20)
res["F_SETSIG"] = sc(72, w, 10, 19)
res["F_SETLEASE"] = sc(72, os.open("/usr/bin/env", os.O_RDONLY), 1024, 0)
res["flock"] = sc(73, os.open("/usr/bin/env", os.O_RDONLY), 2)
res["open O_DIRECT"] = sc(257, -100, ctypes.addressof(ctypes.create_string_buffer(b"/usr/bin/env")), os.O_RDONLY | 0o40000)
res["socket VSOCK"] = sc(41, 40, 1, 0)
res["socket SCTP"] = sc(41, 2, 1, 132)
res["socket netlink 4"] = sc(41, 16, 3, 4)
res["mmap shared anon"] = sc(9, 0, 4096, 3, 0x21, -1, 0)
res["memfd_create"] = sc(319, ctypes.addressof(ctypes.create_string_buffer(b"x")), 0)
res["syscall 470 (new)"] = sc(470, 0, 0)
res["unshare(NEWUSER)"] = sc(272, 0x10000000)
res["clone3"] = sc(435, 0, 0)
res["cachestat"] = sc(451, 0, 0, 0, 0)
res["oom_score_adj write -1"] = None
try:
    open("/proc/self/oom_score_adj", "w").write("-1"); res["oom_score_adj write -1"] = open("/proc/self/oom_score_adj").read().strip()
except OSError as e:
    res["oom_score_adj write -1"] = repr(e)
for k, v in res.items(): print(f"{k:36s} {v}")
'''
d = course("a05")
hand_in(d, "aaron", "ps1_memory", nb_for("ps1_memory"))
hand_in(d, "mallory", "ps1_memory", nb_for("ps1_memory", with_payload("ps1_memory", "training_memory", PAYLOAD)))
hand_in(d, "zoe", "ps1_memory", nb_for("ps1_memory"))
r = grade(d, "ps1_memory", quiet=True)
scores(d, "ps1_memory")
print(outputs(d, "mallory", "ps1_memory")[:6000])
leaks(d)
