"""Build hand-ins: python mk.py <assignment> <student> [override-file.py with CELLS dict] [--extra-cell code]"""
import sys, os, json, nbformat, runpy
sys.path.insert(0, "CLONE")
os.chdir("CLONE")
from tools.submissions import fill
from grader.course import notebook_name
a, student = sys.argv[1], sys.argv[2]
over = runpy.run_path(sys.argv[3])["CELLS"] if len(sys.argv) > 3 and sys.argv[3] != "-" else {}
name = notebook_name(a)
rel = nbformat.read(f"release/{a}/{name}", as_version=4)
src = nbformat.read(f"source/{a}/{name}", as_version=4)
nb = fill(rel, src, over)
if len(sys.argv) > 4:
    code = open(sys.argv[4]).read()
    nb.cells.insert(int(sys.argv[5]) if len(sys.argv) > 5 else 1, nbformat.v4.new_code_cell(code))
d = f"submitted/{student}/{a}"
os.makedirs(d, exist_ok=True)
nbformat.write(nb, f"{d}/{name}")
print("wrote", f"{d}/{name}")
