"""Write hand-ins: python mk.py student assignment [override_file.py]  (override file defines OVERRIDES dict cell_id->source)"""
import os, sys, runpy, nbformat
sys.path.insert(0, "CLONE")
from tools.submissions import fill, source_and_release
from grader.course import notebook_name
student, assignment = sys.argv[1], sys.argv[2]
over = runpy.run_path(sys.argv[3])["OVERRIDES"] if len(sys.argv) > 3 and sys.argv[3] != "--solution" else None
src, rel = source_and_release(assignment, "CLONE")
nb = fill(rel, src, over) if over is not None or "--solution" in sys.argv else rel
folder = f"CLONE/submitted/{student}/{assignment}"
os.makedirs(folder, exist_ok=True)
nbformat.write(nb, os.path.join(folder, notebook_name(assignment, "CLONE")))
print("wrote", folder)
