"""a02 (local, host): kernel objects a sandbox may make without a descriptor or a cap: POSIX timers (timer_create,
not refused by the seccomp filter, no rlimit). How many one process makes, whether its memory cgroup is charged,
and how long it takes to die. Run as root; the worker drops to uid 65534 inside a fresh v1 memory cgroup."""
import ctypes, os, sys, time, signal
CG = "/sys/fs/cgroup/memory/a30test"
N = int(sys.argv[1]) if len(sys.argv) > 1 else 200000
def slab():
    d = dict((l.split(":", 1)[0] + ":", l.split(":", 1)[1]) for l in open("/proc/meminfo"))
    return int(d["Slab:"].split()[0]) // 1024, int(d["SUnreclaim:"].split()[0]) // 1024
def cg(f):
    try: return int(open(f"{CG}/{f}").read()) // 2**20
    except OSError: return -1
r, w = os.pipe()
s0 = slab()
pid = os.fork()
if pid == 0:
    open(f"{CG}/cgroup.procs", "w").write(str(os.getpid()))
    os.setgid(65534); os.setuid(65534)
    libc = ctypes.CDLL(None, use_errno=True)
    class SE(ctypes.Structure):
        _fields_ = [("val", ctypes.c_long), ("signo", ctypes.c_int), ("notify", ctypes.c_int), ("pad", ctypes.c_char * 48)]
    se = SE(0, 0, 1, b"")  # SIGEV_NONE
    tid = ctypes.c_int()
    n = 0
    err = 0
    for i in range(N):
        if libc.timer_create(1, ctypes.byref(se), ctypes.byref(tid)) != 0:
            err = ctypes.get_errno(); break
        n += 1
    os.write(w, f"{n} {err}".encode())
    signal.pause()
os.close(w)
msg = os.read(r, 100).decode()
time.sleep(0.5)
s1 = slab()
print(f"timers made: {msg}; host Slab/SUnreclaim MB {s0} -> {s1}; memcg usage {cg('memory.usage_in_bytes')} MB kmem {cg('memory.kmem.usage_in_bytes')} MB")
t = time.time(); os.kill(pid, 9); os.waitpid(pid, 0)
print(f"SIGKILL to reaped {time.time()-t:.2f} s; Slab after {slab()}")
