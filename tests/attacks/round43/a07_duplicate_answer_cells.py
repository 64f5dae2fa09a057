"""a07: InertForTheBrowser reads a written answer (a markdown cell whose nbgrader metadata says solution) whole, up to
50,000 characters, uncharged to the notebook's budget ("at most one each"). Does a hand-in with 40 copies of the
written answer cell (same grade id; or 40 cells with solution=true and new ids) get them all into the graded
notebook Formgrader shows? Each is 45,000 '&' (225 kB escaped)."""
import copy, os, sys
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
def build(kind):
    m = nb_for(A)
    i = next(k for k, c in enumerate(m.cells) if c.metadata.get("nbgrader", {}).get("grade_id") == "written_ddp_fit")
    for n in range(40):
        c = copy.deepcopy(m.cells[i]); c.source = "&" * 45000
        c.pop("id", None)
        if kind == "newids":
            c.metadata["nbgrader"]["grade_id"] = f"written_extra_{n}"
        m.cells.insert(i + 1, c)
    return m
for kind in ("dupids", "newids"):
    d = course("a07" + kind)
    for s, nb in (("aaron", nb_for(A)), ("mallory", build(kind)), ("zoe", nb_for(A))):
        hand_in(d, s, A, nb)
    grade(d, A); scores(d, A)
    p = f"{d}/autograded/mallory/{A}/{A}.ipynb"
    if os.path.exists(p):
        g = nbformat.read(p, 4)
        big = [len(c.source) for c in g.cells if c.cell_type == "markdown" and len(c.source) > 10000]
        print(kind, "graded notebook:", os.path.getsize(p), "bytes;", len(big), "markdown cells over 10 kB, total", sum(big))
    else:
        print(kind, "no graded notebook for mallory")
    shutil.rmtree(d)
