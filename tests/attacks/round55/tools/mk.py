"""Build a hand-in: python mk.py <assignment> <student> [overrides.py]  (overrides.py defines OVERRIDES={grade_id: code})"""
import os, sys, runpy
sys.path.insert(0, "CLONE")
os.chdir("CLONE")
import nbformat
from tools.submissions import fill
from grader.course import notebook_name
a, student = sys.argv[1], sys.argv[2]
ov = runpy.run_path(sys.argv[3])["OVERRIDES"] if len(sys.argv) > 3 else {}
name = notebook_name(a) if callable(notebook_name) else a
rel = nbformat.read(f"release/{a}/{a}.ipynb", as_version=4)
src = nbformat.read(f"source/{a}/{a}.ipynb", as_version=4)
nb = fill(rel, src, ov)
d = f"submitted/{student}/{a}"
os.makedirs(d, exist_ok=True)
nbformat.write(nb, f"{d}/{a}.ipynb")
print("wrote", d)
