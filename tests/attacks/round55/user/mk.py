"""Build a hand-in: python mk.py STUDENT ASSIGNMENT [overrides.json]  (run in the clone as uid 65534)."""
import sys, json, os, nbformat
sys.path.insert(0, os.getcwd())
from tools.submissions import fill
student, a = sys.argv[1], sys.argv[2]
ov = json.load(open(sys.argv[3])) if len(sys.argv) > 3 else {}
rel = nbformat.read(f"release/{a}/{a}.ipynb", 4); src = nbformat.read(f"source/{a}/{a}.ipynb", 4)
nb = fill(rel, src, ov)
os.makedirs(f"submitted/{student}/{a}", exist_ok=True)
nbformat.write(nb, f"submitted/{student}/{a}/{a}.ipynb")
print("wrote", student, a)
