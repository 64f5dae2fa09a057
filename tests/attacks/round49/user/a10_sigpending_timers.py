"""A10: pending signals and POSIX timers are counted per host user (RLIMIT_SIGPENDING, each timer holds a sigqueue),
and as an ordinary user the sandbox's host user is the grader's. mallory's kernel creates POSIX timers (timer_create,
not filtered) in 8 processes until refused, holds them, and queues real-time signals to itself; meanwhile the
grader's own processes (observer, judges, nbgrader for the next student) run as the same user. zoe is graded right
after, aaron before."""
import os, sys
sys.path.insert(0, os.path.dirname(__file__))
from harness import run_class, with_payload, outputs
code = r'''
import ctypes, os, signal, time, resource
libc = ctypes.CDLL(None, use_errno=True)
class sigevent(ctypes.Structure):
    _fields_ = [("value", ctypes.c_void_p), ("signo", ctypes.c_int), ("notify", ctypes.c_int), ("pad", ctypes.c_int * 12)]
def hog():
    ev = sigevent(None, signal.SIGRTMIN, 0)
    n = 0
    tid = ctypes.c_void_p()
    while n < 100000:
        if libc.timer_create(1, ctypes.byref(ev), ctypes.byref(tid)) != 0:
            return n, os.strerror(ctypes.get_errno())
        n += 1
    return n, "cap reached"
print("RLIMIT_SIGPENDING", resource.getrlimit(resource.RLIMIT_SIGPENDING))
pids = []
for i in range(8):
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        n, why = hog()
        os.write(w, f"{n} {why}".encode()); os.close(w)
        time.sleep(60)
        os._exit(0)
    os.close(w)
    print("child", i, "timers:", os.read(r, 100).decode()); os.close(r)
    pids.append(pid)
print("parent timers:", hog())
'''
d, r, sc = run_class("a10", "ps1_memory", {"mallory": with_payload("ps1_memory", "training_memory", code)})
o = outputs(d, "mallory", "ps1_memory")
print("\n".join(l for l in o.splitlines() if "timers" in l or "RLIMIT" in l)[:2000])
