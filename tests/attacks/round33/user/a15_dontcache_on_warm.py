"""a15: does a13's RWF_DONTCACHE drop pages that were already in the shared page cache (brought in by someone
else: here the host, as root, reads the region first), as fadvise DONTNEED did (refused since round 32)? Inside:
resident pages of the 32 MiB region before and after one RWF_DONTCACHE pass, and after a second pass."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
F = "CLONE/.venv/lib/python3.11/site-packages/playwright/driver/node"
cell = sol(A, "training_memory") + r'''
import os, time, ctypes
F = %r
libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
libc.mincore.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p]
fd = os.open(F, os.O_RDONLY); R = 32 << 20; OFF = 0
def resident():
    a = libc.mmap(None, R, 1, 1, fd, OFF); v = ctypes.create_string_buffer(R // 4096)
    libc.mincore(ctypes.c_void_p(a), R, v); return sum(b & 1 for b in v.raw)
buf = bytearray(1 << 20); res = [("before", resident())]
for p in range(2):
    for off in range(OFF, OFF + R, 1 << 20):
        os.preadv(fd, [buf], off, 0x80)
    res.append((f"after RWF_DONTCACHE pass {p + 1}", resident()))
print("A15", res, flush=True)
''' % F
d = make_course("a15", A, {"mallory": {"training_memory": cell}})
subprocess.run([PY, "-c", "import os;fd=os.open(%r,os.O_RDONLY);[os.pread(fd,1<<20,o) for o in range(0,32<<20,1<<20)]" % F])
print(subprocess.run(["fincore", F], capture_output=True, text=True).stdout)
r, el = grade(d, A)
scores(d, A)
print("OUT mallory:", outputs(d, "mallory", A, "training_memory")[:600])
print("host after:", subprocess.run(["fincore", F], capture_output=True, text=True).stdout)
canary_scan(d)
