"""a04: recon (black box): which modules the kernel imported last (sys.modules keeps import order), with their
files: a module found on sys.path after '' (the hand-in's own folder, the kernel's cwd) can be shadowed by a
file of the hand-in."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u13
CELL = r'''
import sys
names = list(sys.modules)
print("total", len(names))
for i, n in enumerate(names[-260:]):
    f = getattr(sys.modules[n], "__file__", None) or ""
    print(len(names) - 260 + i, n, f)
'''
nb = u13.notebook("ps1_memory", append={"training_memory": CELL})
dest = u13.course("a04", {("mallory", "ps1_memory"): nb})
u13.grade(dest)
import nbformat
nb = nbformat.read(f"{dest}/autograded/mallory/ps1_memory/ps1_memory.ipynb", 4)
for c in nb.cells:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") in ("training_memory",):
        for o in c.get("outputs", []):
            print("OUTPUT:", o.get("text") or str(o.get("evalue")))
