"""cachestat (which pages of a shared file are in the page cache) answers ENOSYS in the sandbox. mincore() on a
shared mapping of a file reports the same, for files the caller owns or may write: as an ordinary user the
sandbox's user owns the venv and the checkout. The kernel maps files of the venv it has NOT read (and /usr files,
not owned) and asks mincore which of their pages are cached. The host pre-caches one venv file and evicts another
before grading, so the answer can be checked."""
from lib import *
import glob
A = "ps1_memory"
PROBE = r'''
import ctypes, mmap, os, glob
libc = ctypes.CDLL(None, use_errno=True)
def cached(path):
    fd = os.open(path, os.O_RDONLY); size = os.fstat(fd).st_size
    libc.mmap.restype = ctypes.c_void_p
    libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
    addr = libc.mmap(None, size, 1, 1, fd, 0)  # PROT_READ, MAP_SHARED
    os.close(fd)
    pages = (size + 4095) // 4096
    vec = (ctypes.c_ubyte * pages)()
    r = libc.mincore(ctypes.c_void_p(addr), ctypes.c_size_t(size), vec)
    e = ctypes.get_errno()
    n = sum(v & 1 for v in vec)
    return f"{os.path.basename(path)} rc={r} errno={e} cached {n}/{pages} pages"
for p in ["@HOT@", "@COLD@", "/usr/bin/bwrap"]:
    try: print("MINCORE", cached(p))
    except Exception as ex: print("MINCORE", p, ex)
'''
venv = "CLONE/.venv/lib/python3.11/site-packages"
cands = sorted(glob.glob(venv + "/**/*.py", recursive=True), key=os.path.getsize)[-40:]
hot, cold = cands[-1], cands[-2]
print("hot", hot, os.path.getsize(hot), "cold", cold, os.path.getsize(cold))
# host: read hot whole (cached); drop cold from the cache (root, outside the sandbox)
open(hot, "rb").read()
fd = os.open(cold, os.O_RDONLY); os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED); os.close(fd)
src = source_nb(A)
from tools.submissions import solution_text
q1 = [solution_text(c) for c in src.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q1"][0]
d = make_course("a09")
hand_in(d, "aaron", A, honest(A))
hand_in(d, "mallory", A, fill(release_nb(A), src, {"quiz_q1": q1 + "\n" + PROBE.replace("@HOT@", hot).replace("@COLD@", cold)}))
hand_in(d, "zoe", A, honest(A))
grade(d, A)
os.system(f"cat {d}/grades.csv")
nb = nbformat.read(f"{d}/autograded/mallory/{A}/{A}.ipynb", as_version=4)
for c in nb.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q1":
        for o in c.outputs: print(o.get("text") or o)
