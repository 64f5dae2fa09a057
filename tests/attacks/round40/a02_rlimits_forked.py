"""a02: round 39's new rlimits (RTPRIO 0, NICE 0, MEMLOCK 64 KiB, MSGQUEUE 0) in a *forked* kernel (the default path),
when the TA's session has them raised (prlimit on the grader, as limits.conf/`ulimit -r` would)."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
import lib
PROBE = r'''
import os, resource, ctypes, mmap, time, threading
_o = []
for n in ("RLIMIT_RTPRIO","RLIMIT_NICE","RLIMIT_MEMLOCK","RLIMIT_MSGQUEUE"):
    _o.append(f"{n} {resource.getrlimit(getattr(resource,n))}")
try:
    os.setpriority(os.PRIO_PROCESS, 0, -20); _o.append("NICE now " + str(os.getpriority(os.PRIO_PROCESS, 0)))
except Exception as e: _o.append(f"NICE -20: {e}")
try:
    os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(1)); _o.append("SCHED_FIFO ok: " + str(os.sched_getscheduler(0)))
    os.sched_setscheduler(0, os.SCHED_OTHER, os.sched_param(0))
except Exception as e: _o.append(f"SCHED_FIFO: {e}")
try:
    os.sched_setscheduler(0, os.SCHED_RR, os.sched_param(1)); _o.append("SCHED_RR ok"); os.sched_setscheduler(0, os.SCHED_OTHER, os.sched_param(0))
except Exception as e: _o.append(f"SCHED_RR: {e}")
libc = ctypes.CDLL(None, use_errno=True)
libc.mlock.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
for mb in (1, 8, 64, 256):
    buf = mmap.mmap(-1, mb << 20, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    addr = ctypes.addressof(ctypes.c_char.from_buffer(buf))
    r = libc.mlock(ctypes.c_void_p(addr), mb << 20)
    _o.append(f"mlock {mb} MiB -> {r} errno {ctypes.get_errno()}")
_o.append(open("/proc/self/status").read().split("VmLck:")[1].split("\n")[0])
print("\n".join(_o))
'''
root = make_course("a02")
hand_in(root, "aaron", honest())
hand_in(root, "mallory", hostile(PROBE))
hand_in(root, "zoe", honest())
# this container lacks CAP_SYS_RESOURCE, so the TA session's limits (memlock 8 MiB, msgqueue 819200) stand in for raised ones
env = dict(os.environ, **ENV_CANARY)
t = time.time()
p = subprocess.run([PY, "-m", "grader.grade", "--course-dir", root, "--workers", "1", A],
                   cwd=CLONE, env=env, capture_output=True, text=True)
print("grade rc", p.returncode, f"{time.time()-t:.1f}s"); print(p.stdout[-1200:]); print(p.stderr[-1500:])
summary(root)
print(outputs(root, "mallory"))
