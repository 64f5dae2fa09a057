"""a13: round 31 refused O_DIRECT (reads that bypass the page cache wait on the disk at no CPU cost); Linux 6.14+
has `preadv2(..., RWF_DONTCACHE)`: a buffered read whose new pages are dropped right after the copy, so a loop
re-reading one file reads the disk every time. Not in the filter. Inside the sandbox: read 32 MiB of a cold venv
file (playwright's `node`, evicted by the host first) three times with RWF_DONTCACHE, then three times plainly;
time each pass and count resident pages after (mincore)."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
F = "CLONE/.venv/lib/python3.11/site-packages/playwright/driver/node"
cell = sol(A, "training_memory") + r'''
import os, time, ctypes, mmap
F = %r
libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
libc.mincore.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p]
fd = os.open(F, os.O_RDONLY); R = 32 << 20; OFF = 64 << 20
def resident():
    a = libc.mmap(None, R, 1, 1, fd, OFF); v = ctypes.create_string_buffer(R // 4096)
    libc.mincore(ctypes.c_void_p(a), R, v); return sum(b & 1 for b in v.raw)
buf = bytearray(1 << 20); res = []
for flags, name in ((0x80, "RWF_DONTCACHE"), (0x80, "RWF_DONTCACHE"), (0x80, "RWF_DONTCACHE"), (0, "plain"), (0, "plain"), (0, "plain")):
    t = time.perf_counter(); err = None
    try:
        for off in range(OFF, OFF + R, 1 << 20):
            os.preadv(fd, [buf], off, flags)
    except OSError as e:
        err = f"{e.errno} {e.strerror}"
    res.append((name, round(time.perf_counter() - t, 3), resident(), err))
print("A13", res, flush=True)
''' % F
d = make_course("a13", A, {"mallory": {"training_memory": cell}})
subprocess.run([PY, "-c", "import os;fd=os.open(%r,os.O_RDONLY);os.posix_fadvise(fd,0,0,os.POSIX_FADV_DONTNEED)" % F])
r, el = grade(d, A)
scores(d, A)
print("OUT mallory:", outputs(d, "mallory", A, "training_memory")[:600])
canary_scan(d)
