"""a18: round 34 made MADV_POPULATE_READ/WRITE do nothing ("read whole files in one call"); mmap(MAP_POPULATE) on a
file is the same population at map time and is not in the filter. In the sandbox: MADV_POPULATE_READ on a mapping of
big files of /usr and the venv (expected: nothing read) against mmap(MAP_POPULATE) of the same size of other files;
bytes read from disk by the process (/proc/self/io read_bytes) and seconds, per call."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
PROBE = r'''
import os, mmap, time, glob, ctypes
def rb():
    return int([l for l in open("/proc/self/io") if l.startswith("read_bytes")][0].split()[1])
files = sorted(((os.path.getsize(f), f) for f in glob.glob("/usr/lib/x86_64-linux-gnu/**/*", recursive=True)
                if os.path.isfile(f) and not os.path.islink(f)), reverse=True)[:40]
half = len(files) // 2
libc = ctypes.CDLL(None, use_errno=True)
libc.madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
t, r0, n = time.time(), rb(), 0
for size, f in files[:half]:
    fd = os.open(f, os.O_RDONLY); m = mmap.mmap(fd, size, mmap.MAP_PRIVATE, mmap.PROT_READ)
    base = [int(l.split("-")[0], 16) for l in open("/proc/self/maps") if l.rstrip().endswith(f)][0]
    libc.madvise(ctypes.c_void_p(base), size, 22)  # MADV_POPULATE_READ
    n += size; m.close(); os.close(fd)
print(f"MADV_POPULATE_READ over {n>>20} MiB: read_bytes {(rb()-r0)>>20} MiB in {time.time()-t:.2f}s")
MAP_POPULATE = 0x8000
t, r0, n = time.time(), rb(), 0
for size, f in files[half:]:
    fd = os.open(f, os.O_RDONLY); m = mmap.mmap(fd, size, mmap.MAP_PRIVATE | MAP_POPULATE, mmap.PROT_READ)
    n += size; m.close(); os.close(fd)
print(f"mmap(MAP_POPULATE) over {n>>20} MiB: read_bytes {(rb()-r0)>>20} MiB in {time.time()-t:.2f}s")
'''
root = make_course("a18")
# the files the kernel will read are dropped from the host's page cache first (vmtouch-like: POSIX_FADV_DONTNEED from outside)
import glob as _g
for f in _g.glob("/usr/lib/x86_64-linux-gnu/**/*", recursive=True):
    try:
        if os.path.isfile(f) and not os.path.islink(f) and os.path.getsize(f) > 1 << 20:
            fd = os.open(f, os.O_RDONLY); os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED); os.close(fd)
    except OSError: pass
hand_in(root, "aaron", honest()); hand_in(root, "mallory", hostile(PROBE)); hand_in(root, "zoe", honest())
grade(root)
summary(root)
print(outputs(root, "mallory"))
