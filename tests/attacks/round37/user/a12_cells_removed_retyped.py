"""Round 36's restore of graded cells from the release: hand-ins with (nora) no cells at all, (mallory) every test
cell deleted and the written answer turned into a code cell that prints, (oscar) the answer cell `training_memory`
retyped as markdown holding HTML. Does anything crash the class, score, or reach the TA's graded notebook?"""
from lib import *
import copy
A = "ps1_memory"
d = make_course("a12")
hand_in(d, "aaron", A, honest(A))
nb = honest(A)
keep = []
for c in nb.cells:
    m = c.metadata.get("nbgrader", {})
    if m.get("grade") and not m.get("solution") and c.cell_type == "code":
        continue
    if m.get("grade_id") == "written_ddp_fit":
        c = nbformat.v4.new_code_cell("print('RETYPED WRITTEN ANSWER RAN')", metadata=copy.deepcopy(c.metadata))
    keep.append(c)
nb.cells = keep
hand_in(d, "mallory", A, nb)
empty = honest(A); empty.cells = []
hand_in(d, "nora", A, empty)
o = honest(A)
for i, c in enumerate(o.cells):
    if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory":
        o.cells[i] = nbformat.v4.new_markdown_cell("<b>bold</b><script>alert(1)</script>", metadata=copy.deepcopy(c.metadata))
hand_in(d, "oscar", A, o)
hand_in(d, "zoe", A, honest(A))
grade(d, A)
os.system(f"cat {d}/grades.csv; ls {d}/autograded")
for s in ("mallory", "nora", "oscar"):
    p = f"{d}/autograded/{s}/{A}/{A}.ipynb"
    if os.path.exists(p):
        g = nbformat.read(p, as_version=4)
        print(s, len(g.cells), "cells;", [(c.cell_type, c.metadata.get("nbgrader", {}).get("grade_id")) for c in g.cells if c.metadata.get("nbgrader", {}).get("grade_id") in ("written_ddp_fit", "training_memory", "quiz_q1_correct")])
        print(s, "script kept:", any("<script" in c.source for c in g.cells), "RAN:", any("RETYPED" in str(c.get("outputs", "")) for c in g.cells))
