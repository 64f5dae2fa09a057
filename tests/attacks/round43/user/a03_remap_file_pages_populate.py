"""a03: round 40 refused mmap(MAP_POPULATE) of a file (a whole file read into the page cache in one call, queued
behind the read cap), and MADV_POPULATE_READ/WRITE, WILLNEED, readahead, fadvise WILLNEED do nothing. The filter does
not name remap_file_pages (x86_64 216, deprecated, emulated since Linux 4.0): on a MAP_SHARED file mapping it calls
do_mmap(..., MAP_SHARED | MAP_FIXED | MAP_POPULATE) and mm_populate()s the whole range, i.e. MAP_POPULATE by another
door. The host drops playwright's 150 MB `node` binary (in the venv, never run by a kernel) from the page cache
(fadvise DONTNEED, as root, outside), mallory's extra cell maps it MAP_SHARED read-only and calls remap_file_pages
once; mincore (inside) and fincore (on the host) count cached pages. aaron and zoe graded beside her."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"
TARGET = CLONE + "/.venv/lib/python3.11/site-packages/playwright/driver/node"
CELL = r'''
import ctypes, os, time
libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
libc.syscall.restype = ctypes.c_long
libc.syscall.argtypes = [ctypes.c_long, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_long, ctypes.c_long, ctypes.c_long]
libc.madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
libc.mincore.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p]
path = "TARGET"
fd = os.open(path, os.O_RDONLY); size = os.fstat(fd).st_size
def resident(addr):
    n = (size + 4095) // 4096; vec = (ctypes.c_ubyte * n)()
    r = libc.mincore(addr, size, vec)
    return f"{sum(v & 1 for v in vec)}/{n} pages cached (mincore rc {r})"
a = libc.mmap(None, size, 1, 0x01 | 0x8000, fd, 0)
print("mmap(MAP_SHARED|MAP_POPULATE):", "refused errno %d" % ctypes.get_errno() if a in (None, 2**64 - 1) else "allowed")
addr = libc.mmap(None, size, 1, 0x01, fd, 0)
print("mapped MAP_SHARED:", resident(addr))
libc.madvise(addr, size, 3); libc.madvise(addr, size, 22)
print("after madvise WILLNEED + POPULATE_READ:", resident(addr))
t = time.time(); r = libc.syscall(216, addr, size, 0, 0, 0); e = ctypes.get_errno()
print(f"remap_file_pages -> {r} errno {e} in {time.time() - t:.2f}s:", resident(addr))
'''.replace("TARGET", TARGET)
def fincore():
    return subprocess.run(["fincore", "-b", TARGET], capture_output=True, text=True).stdout.strip().splitlines()[-1]
m = honest(A)
m.cells.insert(len(m.cells) - 1, nbformat.v4.new_code_cell(CELL))
d = make_course("a03")
hand_in(d, AARON, A, honest(A)); hand_in(d, MALLORY, A, m); hand_in(d, ZOE, A, honest(A))
fd = os.open(TARGET, os.O_RDONLY); os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED); os.close(fd)
print("host fincore before grading (res bytes, pages, size):", fincore())
grade(d, A); scores(d)
print("host fincore after grading:", fincore())
import json
g = json.load(open(f"{d}/autograded/{MALLORY}/{A}/{A}.ipynb"))
for c in g["cells"]:
    if "remap_file_pages" in "".join(c["source"]) and c["cell_type"] == "code":
        for o in c.get("outputs", []):
            print("mallory's cell:", "".join(o.get("text", "")) or o)
shutil.rmtree(d)
