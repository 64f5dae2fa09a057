# a08 (root): nbgrader's OverwriteCells restores a graded cell's type, lock, points, checksum and (locked) source,
# but not its `solution` flag. A test cell handed in with solution=true is no test cell for the grader
# (grader.judge.is_test_cell) and nbgrader scores it as a written answer: changed checksum -> no score,
# "needs manual grade". Does an untouched release whose every test cell says solution=true get anything but 0?
# RESULT (root, 05:34 UTC): HELD. nbgrader refuses the notebook (OverwriteCells: "RuntimeError: Inconsistent
# checksums for cell training_memory_counts_tensors"): status failed, 0/30, every cell left "needs manual grade"
# (None) in the gradebook, no feedback; no score gained.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from monitor import ac, grade_watched


def flip(nb):
    for c in nb.cells:
        m = c.metadata.get("nbgrader", {})
        if c.cell_type == "code" and m.get("grade") and not m.get("solution"):
            m["solution"] = True


dest = ac.make_course("r5-a08", {"flipped": ac.notebook(mutate=flip)})
grade_watched(dest)
ac.show(dest)
print(open(f"{dest}/grades.csv").read()[:1500])
