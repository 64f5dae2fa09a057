"""mincore() on a read-only shared mapping of a venv library as a second page-cache oracle (a03 used RWF_NOWAIT).
As root the sandbox's user owns none of the venv, so Linux should report every page resident whatever the cache holds."""
from lib import *
d = course("a08")
PROBE = r'''
import ctypes, os, glob
libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p; libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
libc.mincore.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p]
def resident(p):
    fd = os.open(p, os.O_RDONLY); size = os.fstat(fd).st_size
    addr = libc.mmap(None, size, 1, 1, fd, 0)  # PROT_READ, MAP_SHARED
    pages = (size + 4095) // 4096; vec = (ctypes.c_ubyte * pages)()
    r = libc.mincore(addr, size, vec); os.close(fd)
    return r, sum(v & 1 for v in vec), pages
def nowait(p):
    fd = os.open(p, os.O_RDONLY)
    try: os.preadv(fd, [bytearray(4096)], 0, os.RWF_NOWAIT); return "cached"
    except BlockingIOError: return "not cached"
    finally: os.close(fd)
for p in sorted(glob.glob("/usr/share/X11/locale/*/Compose"))[:4]:
    print(p, "mincore (ret, resident, pages):", resident(p), "RWF_NOWAIT:", nowait(p))
'''
nb = honest()
for c in nb.cells:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "quiz_q1": c.source += "\n" + PROBE
put(d, "aaron", honest()); put(d, "mallory", nb); put(d, "zoe", honest())
grade(d); scores(d)
g = nbformat.read(f"{d}/autograded/mallory/{A}/{A}.ipynb", 4)
for c in g.cells:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "quiz_q1":
        for o in c.outputs: print(o.get("text", o.get("data")))
