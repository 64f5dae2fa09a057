"""Hand-ins with forged nbgrader metadata (blank answers, so any points are unearned):
frank: every test cell's points set to 100; gina: an extra graded cell `extra_credit_x` (50 points, body `pass`);
hank: the training_memory answer cell turned into an autograded answer (grade: true, points 10), body `pass`;
ivy: a copy of test cell quiz_q1_correct with the answer's hidden call removed, same grade_id, placed first."""
import copy, os, sys
sys.path.insert(0, "CLONE"); os.chdir("CLONE")
import nbformat
rel = nbformat.read("release/ps1_memory/ps1_memory.ipynb", as_version=4)
def meta(c): return c.get("metadata", {}).get("nbgrader", {})
def save(student, nb):
    d = f"submitted/{student}/ps1_memory"; os.makedirs(d, exist_ok=True)
    nbformat.write(nb, f"{d}/ps1_memory.ipynb"); nbformat.write(nb, f"NOTES/a4_metadata/{student}.ipynb")
nb = copy.deepcopy(rel)
for c in nb.cells:
    if meta(c).get("grade") and not meta(c).get("solution"): c.metadata.nbgrader["points"] = 100
save("frank", nb)
nb = copy.deepcopy(rel)
extra = nbformat.v4.new_code_cell("pass"); extra.metadata["nbgrader"] = {"grade": True, "grade_id": "extra_credit_x", "locked": True, "points": 50, "schema_version": 3, "solution": False, "task": False}
nb.cells.append(extra); save("gina", nb)
nb = copy.deepcopy(rel)
for c in nb.cells:
    if meta(c).get("grade_id") == "training_memory":
        c.metadata.nbgrader.update(grade=True, points=10); c.source = "pass"
save("hank", nb)
