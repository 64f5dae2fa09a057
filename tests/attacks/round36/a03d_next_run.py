"""After a03 (SIGTERM left mallory's first pass): does the next plain run (no --regrade) replace it?"""
from lib import *
import nbformat
d = "/tmp/attack36-root-a03t"
grade(d); scores(d)
g = nbformat.read(f"{d}/autograded/mallory/{A}/{A}.ipynb", 4)
for c in g.cells:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "written_ddp_fit": print("written_ddp_fit now:", c.source[:300])
print(sorted(os.listdir(f"{d}/autograded/mallory/{A}")))
