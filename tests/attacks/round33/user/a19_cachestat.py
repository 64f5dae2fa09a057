"""a19: cachestat() (syscall 451, Linux 6.5+) and mincore() tell a sandbox which pages of a file are in the host's
shared page cache: a side channel on what other processes (the TA, the grader, a student graded before) read.
Inside: cachestat of a few venv files, including one only the host read just before (numpy's openblas, read by
this script as root before grading; no kernel of ps1 loads it)."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
G = "CLONE/.venv/lib/python3.11/site-packages/scipy.libs/libscipy_openblas-6cdc3b4a.so"
cell = sol(A, "training_memory") + r'''
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
class Range(ctypes.Structure): _fields_ = [("off", ctypes.c_uint64), ("len", ctypes.c_uint64)]
class Stat(ctypes.Structure): _fields_ = [(n, ctypes.c_uint64) for n in ("cache", "dirty", "writeback", "evicted", "recently_evicted")]
out = {}
for f in (%r, "CLONE/.venv/lib/python3.11/site-packages/torch/lib/libtorch_cpu.so"):
    fd = os.open(f, os.O_RDONLY); r = Range(0, 0); s = Stat()
    rc = libc.syscall(451, fd, ctypes.byref(r), ctypes.byref(s), 0)
    out[os.path.basename(f)] = (rc, ctypes.get_errno(), s.cache, s.evicted, s.recently_evicted, os.fstat(fd).st_size // 4096)
print("A19", out, flush=True)
''' % G
d = make_course("a19", A, {"mallory": {"training_memory": cell}})
subprocess.run([PY, "-c", "import os;fd=os.open(%r,os.O_RDONLY);os.posix_fadvise(fd,0,0,os.POSIX_FADV_DONTNEED);[os.pread(fd,1<<20,o) for o in range(0,5<<20,1<<20)]" % G])
print("host fincore:", subprocess.run(["fincore", G], capture_output=True, text=True).stdout)
r, el = grade(d, A)
scores(d, A)
print("OUT mallory:", outputs(d, "mallory", A, "training_memory")[:800])
canary_scan(d)
