"""a20: a04's MAP_POPULATE on a whole shared library: one mmap(MAP_POPULATE) of libtorch_cpu.so (434 MB, shared by
every kernel) from the sandbox; cached pages before/after (cachestat) and the time of that one call. What one call
of an unprivileged kernel can make the host fetch, for the root tester's read-cap scenario."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
cell = sol(A, "training_memory") + r'''
import ctypes, os, time
libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
class Range(ctypes.Structure): _fields_ = [("off", ctypes.c_uint64), ("len", ctypes.c_uint64)]
class Stat(ctypes.Structure): _fields_ = [(n, ctypes.c_uint64) for n in ("cache", "dirty", "writeback", "evicted", "recently_evicted")]
F = "CLONE/.venv/lib/python3.11/site-packages/torch/lib/libtorch_cpu.so"
fd = os.open(F, os.O_RDONLY); size = os.fstat(fd).st_size
def cached():
    s = Stat(); libc.syscall(451, fd, ctypes.byref(Range(0, 0)), ctypes.byref(s), 0); return s.cache
b = cached(); t = time.perf_counter()
a = libc.mmap(None, size, 1, 1 | 0x8000, fd, 0)
dt = time.perf_counter() - t
print("A20 pages", size // 4096, "cached before", b, "after", cached(), "one MAP_POPULATE call %.2f s" % dt, flush=True)
'''
d = make_course("a20", A, {"mallory": {"training_memory": cell}})
r, el = grade(d, A)
scores(d, A)
print("OUT mallory:", outputs(d, "mallory", A, "training_memory")[:400])
canary_scan(d)
