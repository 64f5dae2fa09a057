"""a01: from the kernel, walk every readable file under /proc (not per-pid) and /sys that the sandbox shows, time
each read (3 tries), and report the slow ones and anything holding host-wide data; also probe a few calls the deny
list does not name: mmap(/dev/zero, MAP_SHARED), madvise(MADV_MERGEABLE), prctl(PR_SET_MEMORY_MERGE),
set_mempolicy/mbind, landlock, clone(CLONE_PIDFD)."""
from common import *
PROBE = r'''
q1 = "b"
import os, time, mmap, ctypes, errno
libc = ctypes.CDLL(None, use_errno=True); libc.syscall.restype = ctypes.c_long
slow, nonempty = [], []
def walk(top, depth=0):
    try: names = os.listdir(top)
    except OSError: return
    for n in names:
        if top == "/proc" and n.isdigit(): continue
        if n in ("self", "thread-self"): continue
        p = os.path.join(top, n)
        if os.path.islink(p): continue
        if os.path.isdir(p):
            if depth < 7: walk(p, depth + 1)
            continue
        best = None
        for _ in range(3):
            t = time.perf_counter()
            try:
                fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK)
                try: data = os.read(fd, 1 << 16)
                finally: os.close(fd)
            except OSError as e:
                data = None; break
            d = time.perf_counter() - t; best = d if best is None else min(best, d)
        if data is None: continue
        if data: nonempty.append((p, len(data)))
        if best and best > 0.003: slow.append((round(best*1000, 1), p))
t0 = time.time()
walk("/proc"); walk("/sys")
print("walk s", round(time.time()-t0, 1), "nonempty", len(nonempty))
print("SLOW(ms):", sorted(slow, reverse=True)[:25])
print("NONEMPTY /proc:", [p for p, n in nonempty if p.startswith("/proc")][:80])
print("NONEMPTY /sys dirs:", sorted({'/'.join(p.split('/')[:5]) for p, n in nonempty if p.startswith('/sys')}))
def tryit(name, f):
    try: print(name, "->", f())
    except Exception as e: print(name, "EXC", e)
def devzero():
    fd = os.open("/dev/zero", os.O_RDWR); m = mmap.mmap(fd, 64 << 20, mmap.MAP_SHARED); m[0:1] = b"x"; return "mapped shared 64MiB"
tryit("mmap /dev/zero shared", devzero)
def merge():
    m = mmap.mmap(-1, 1 << 20); a = ctypes.c_void_p.from_buffer(m)
    r = libc.madvise(ctypes.addressof(ctypes.c_char.from_buffer(m)), 1 << 20, 12); return (r, ctypes.get_errno())
tryit("madvise MERGEABLE", merge)
tryit("prctl PR_SET_MEMORY_MERGE", lambda: (libc.prctl(67, 1, 0, 0, 0), ctypes.get_errno()))
tryit("landlock_create_ruleset ver", lambda: (libc.syscall(444, None, 0, 1), ctypes.get_errno()))
tryit("set_mempolicy", lambda: (libc.syscall(238, 0, None, 0), ctypes.get_errno()))
tryit("personality", lambda: libc.personality(0xffffffff))
tryit("uid_map", lambda: open("/proc/self/uid_map").read())
tryit("status", lambda: [l for l in open("/proc/self/status").read().splitlines() if l.split(":")[0] in ("Uid","CapEff","CapBnd","Seccomp","NoNewPrivs")])
tryit("cgroup", lambda: open("/proc/self/cgroup").read())
tryit("sysctl rw", lambda: [p for p in ("/proc/sys/kernel/hostname","/proc/sysrq-trigger","/proc/sys/vm/drop_caches") if os.access(p, os.W_OK)])
'''
c = probe_run("a01", PROBE)
