"""a09 from a check's child (the observer's sandbox, where student functions run during hidden checks): does the same
filter leave mincore there, on the checkout's probes/ and helpers/ the observer itself loads?"""
from lib import *
A = "ps1_memory"
M = r'''
def _mc():
    import ctypes, os, glob
    libc = ctypes.CDLL(None, use_errno=True)
    libc.mmap.restype = ctypes.c_void_p
    libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
    out = []
    for p in sorted(glob.glob("CLONE/probes/*.py") + glob.glob("CLONE/helpers/*.py")):
        fd = os.open(p, os.O_RDONLY); size = os.fstat(fd).st_size
        if not size: os.close(fd); continue
        a = libc.mmap(None, size, 1, 1, fd, 0); os.close(fd)
        n = (size + 4095) // 4096; v = (ctypes.c_ubyte * n)()
        r = libc.mincore(ctypes.c_void_p(a), ctypes.c_size_t(size), v)
        out.append(f"{os.path.basename(p)}:{sum(x & 1 for x in v)}/{n}" + ("" if r == 0 else f" rc={r} errno={ctypes.get_errno()}"))
    return " ".join(out)
'''
src = source_nb(A)
from tools.submissions import solution_text
pl = [solution_text(c) for c in src.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "partition_layers"][0]
code = M + pl.replace("def partition_layers(costs, k):", "def partition_layers(costs, k):\n    raise ValueError('MINCORE ' + _mc())", 1)
d = make_course("a26")
hand_in(d, "aaron", A, honest(A))
hand_in(d, "mallory", A, fill(release_nb(A), src, {"partition_layers": code}))
hand_in(d, "zoe", A, honest(A))
grade(d, A)
os.system(f"cat {d}/grades.csv")
nb = nbformat.read(f"{d}/autograded/mallory/{A}/{A}.ipynb", as_version=4)
for c in nb.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "partition_layers_optimal":
        for o in c.outputs: print((o.get("text") or o.get("evalue") or str(o))[:1500])
