"""a17: other calls, not in the filter, that might drop pages of the shared cache (what fadvise DONTNEED and madvise
COLD/PAGEOUT did): madvise DONTNEED (4), FREE (8), REMOVE (9), COLLAPSE (25) on a shared read-only mapping of a
warm venv file, fadvise NOREUSE (5), and preadv2 RWF_DONTCACHE|RWF_NOWAIT; resident pages of each 8 MiB region
before/after (mincore), the host having read the file first."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
F = "CLONE/.venv/lib/python3.11/site-packages/playwright/driver/node"
cell = sol(A, "training_memory") + r'''
import os, ctypes
F = %r
libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
libc.madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
libc.mincore.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p]
fd = os.open(F, os.O_RDONLY); R = 8 << 20
def resident(off):
    a = libc.mmap(None, R, 1, 1, fd, off); v = ctypes.create_string_buffer(R // 4096)
    libc.mincore(ctypes.c_void_p(a), R, v); return sum(b & 1 for b in v.raw)
out = []
for i, adv in enumerate((4, 8, 9, 25)):
    off = i * R; b = resident(off)
    a = libc.mmap(None, R, 1, 1, fd, off)
    for p in range(0, R, 4096): ctypes.c_char.from_address(a + p).value
    rc = libc.madvise(ctypes.c_void_p(a), R, adv); e = ctypes.get_errno()
    out.append((f"madvise {adv}", b, resident(off), rc, e))
off = 4 * R; b = resident(off); os.posix_fadvise(fd, off, R, 5); out.append(("fadvise NOREUSE", b, resident(off)))
off = 5 * R; b = resident(off); buf = bytearray(1 << 20); err = None
try:
    for o in range(off, off + R, 1 << 20): os.preadv(fd, [buf], o, 0x80 | 0x8)
except OSError as ex: err = ex.errno
out.append(("RWF_DONTCACHE|NOWAIT", b, resident(off), err))
print("A17", out, flush=True)
''' % F
d = make_course("a17", A, {"mallory": {"training_memory": cell}})
subprocess.run([PY, "-c", "import os;fd=os.open(%r,os.O_RDONLY);[os.pread(fd,1<<20,o) for o in range(0,48<<20,1<<20)]" % F])
r, el = grade(d, A)
scores(d, A)
print("OUT mallory:", outputs(d, "mallory", A, "training_memory")[:800])
canary_scan(d)
