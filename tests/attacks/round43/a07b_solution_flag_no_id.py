"""a07b: a07 again with 40 markdown cells whose nbgrader metadata is {"solution": true} with no grade id (variants:
only solution; solution + grade false + schema 3), each 45,000 '&': read whole as 'written answers' uncharged?"""
import copy, os, sys
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
for kind, meta in (("solonly", {"solution": True}), ("schema", {"solution": True, "grade": False, "locked": False, "schema_version": 3}),
                   ("solstr", {"solution": True, "grade_id": ""})):
    m = nb_for(A)
    for n in range(40):
        m.cells.insert(len(m.cells) - 1, nbformat.v4.new_markdown_cell("&" * 45000, metadata={"nbgrader": dict(meta)}))
    d = course("a07b" + kind)
    for s, nb in (("aaron", nb_for(A)), ("mallory", m), ("zoe", nb_for(A))):
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
