"""A written answer cell duplicated (same nbgrader grade_id, two texts) and a test cell's metadata copied onto an
extra markdown cell: which text does the graded notebook the TA opens hold, and does grading or the gradebook break?"""
from lib import *
import copy
A = "ps1_memory"
d = make_course("a04")
hand_in(d, "aaron", A, honest(A))
nb = honest(A)
i = [k for k, c in enumerate(nb.cells) if c.metadata.get("nbgrader", {}).get("grade_id") == "written_ddp_fit"][0]
first = copy.deepcopy(nb.cells[i]); first.source = "FIRST COPY: a great answer"
nb.cells[i].source = "SECOND COPY: a poor answer"
nb.cells.insert(0, first)
t = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q1_correct"][0]
fake = nbformat.v4.new_markdown_cell("FAKE TEST CELL"); fake.metadata = copy.deepcopy(t.metadata)
nb.cells.insert(1, fake)
hand_in(d, "mallory", A, nb)
hand_in(d, "zoe", A, honest(A))
grade(d, A)
os.system(f"cat {d}/grades.csv")
g = nbformat.read(f"{d}/autograded/mallory/{A}/{A}.ipynb", as_version=4)
for c in g.cells:
    gid = c.metadata.get("nbgrader", {}).get("grade_id")
    if gid in ("written_ddp_fit", "quiz_q1_correct") or "COPY" in c.source or "FAKE" in c.source:
        print("GRADED", c.cell_type, gid, repr(c.source[:60]))
os.system(f"grep -o 'FIRST COPY[^<]*\\|SECOND COPY[^<]*\\|FAKE TEST[^<]*' {d}/feedback/mallory/{A}/{A}.html")
