"""a08: cell types changed in a hand-in: (1) every test cell (grade, locked) made a markdown cell, answers left blank
(the release's `raise NotImplementedError`): does any test score without running? (2) every test cell made a RAW cell.
(3) the code answer cells made markdown cells (read as 'written answers', 50,000 characters each, uncharged?)."""
import os, sys
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
rel = nbformat.read(f"{CLONE}/release/{A}/{A}.ipynb", 4)
def swapped(pred, to, nb):
    for c in nb.cells:
        m = c.metadata.get("nbgrader", {})
        if c.cell_type == "code" and pred(m):
            c.cell_type = to
            for k in ("outputs", "execution_count"):
                c.pop(k, None)
            if to == "markdown" and m.get("solution"):
                c.source = "&" * 49000
    return nb
import copy
cases = {"tests_markdown": swapped(lambda m: m.get("grade") and not m.get("solution"), "markdown", copy.deepcopy(rel)),
         "tests_raw": swapped(lambda m: m.get("grade") and not m.get("solution"), "raw", copy.deepcopy(rel)),
         "answers_markdown": swapped(lambda m: m.get("solution"), "markdown", nb_for(A))}
for kind, nb in cases.items():
    d = course("a08" + kind)
    for s, n in (("aaron", nb_for(A)), ("mallory", nb), ("zoe", nb_for(A))):
        hand_in(d, s, A, n)
    r = grade(d, A); sc = scores(d, A)
    p = f"{d}/autograded/mallory/{A}/{A}.ipynb"
    if os.path.exists(p):
        g = nbformat.read(p, 4)
        print(kind, "graded notebook", os.path.getsize(p), "bytes; cell types of graded cells:",
              sorted({(c.cell_type) for c in g.cells if c.metadata.get("nbgrader", {}).get("grade")}))
    print("==", kind, "scores", sc)
    shutil.rmtree(d)
