"""a07: kernel objects that no rlimit counts, from one kernel process (ordinary user, no memory cgroup):
POSIX timers (timer_create, SIGEV_NONE: no signal queued) up to N (default 2,000,000), and unprivileged fanotify
(fanotify_init/fanotify_mark). Host Slab/SUnreclaim before, while held, after."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u13
N = int(sys.argv[1]) if len(sys.argv) > 1 else 2_000_000
CELL = r'''
import ctypes, os, time, resource
libc = ctypes.CDLL(None, use_errno=True)
def mi(k): return next(int(l.split()[1]) // 1024 for l in open("/proc/meminfo") if l.startswith(k + ":"))
def st(k): return next(l.split(":")[1].strip() for l in open("/proc/self/status") if l.startswith(k + ":"))
print("RLIMIT_SIGPENDING", resource.getrlimit(resource.RLIMIT_SIGPENDING), flush=True)
# fanotify_init(FAN_CLASS_NOTIF | FAN_REPORT_FID, O_RDONLY)
fd = libc.syscall(300, 0x200, 0)
print("fanotify_init ->", fd, os.strerror(ctypes.get_errno()) if fd < 0 else "", flush=True)
class sigevent(ctypes.Structure):
    _fields_ = [("value", ctypes.c_void_p), ("signo", ctypes.c_int), ("notify", ctypes.c_int), ("pad", ctypes.c_char * 48)]
ev = sigevent(None, 0, 1)  # SIGEV_NONE
tid = ctypes.c_int()
s0, u0, a0, t0 = mi("Slab"), mi("SUnreclaim"), mi("MemAvailable"), time.time()
n = 0
while n < %d:
    r = libc.syscall(222, 1, ctypes.byref(ev), ctypes.byref(tid))  # timer_create(CLOCK_MONOTONIC)
    if r != 0:
        print("timer_create stopped at", n, os.strerror(ctypes.get_errno()), flush=True); break
    n += 1
print(f"{n:,} POSIX timers in {time.time()-t0:.1f}s; host Slab {s0} -> {mi('Slab')} MiB, SUnreclaim {u0} -> {mi('SUnreclaim')} MiB,"
      f" MemAvailable {a0} -> {mi('MemAvailable')} MiB; VmData {st('VmData')}, VmRSS {st('VmRSS')}; SigQ {st('SigQ')}", flush=True)
for i in range(n):
    libc.syscall(226, i)  # timer_delete
print("deleted: SUnreclaim", mi("SUnreclaim"), "MiB", flush=True)
''' % N
nb = u13.notebook("ps1_memory", append={"training_memory": CELL})
dest = u13.course("a07", {("mallory", "ps1_memory"): nb, ("zz_honest", "ps1_memory"): u13.honest("ps1_memory")})
u13.grade(dest)
u13.scores(dest)
import nbformat
nb = nbformat.read(f"{dest}/autograded/mallory/ps1_memory/ps1_memory.ipynb", 4)
for c in nb.cells:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") in ("training_memory",):
        for o in c.get("outputs", []):
            print("OUTPUT:", o.get("text") or str(o.get("evalue")))
