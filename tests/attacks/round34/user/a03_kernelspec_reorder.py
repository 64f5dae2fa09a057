"""Notebook-level metadata a student controls: kernelspec naming the grader's unsandboxed kernel (or python3),
test cells moved before the answers, nbformat cell ids duplicated. Does any of it get an unsandboxed kernel, or
points without the work?"""
from common import *
import copy
PROBE = r'''
import os
print("PROBE pid1:", open("/proc/1/cmdline","rb").read()[:60], "course visible:", os.path.exists("/tmp/attack34-user-a03/source"))
'''
d = course("a03")
submit(d, "aaron", notebook())
nb = notebook(extra={"training_memory": PROBE})
nb.metadata["kernelspec"] = {"name": "distcourse-unsandboxed", "display_name": "x", "language": "python"}
submit(d, "mallory1", nb)
nb = notebook(extra={"training_memory": PROBE})
nb.metadata["kernelspec"] = {"name": "python3", "display_name": "x", "language": "python"}
nb.metadata["language_info"] = {"name": "python", "version": "2.7"}
submit(d, "mallory2", nb)
# release notebook unchanged except: every cell's nbformat id set to one value
nb = notebook(extra={"training_memory": PROBE})
for c in nb.cells: c["id"] = "same"
submit(d, "mallory3", nb)
# blank release with test cells moved to the top (no work)
rel = nbformat.read(f"{CLONE}/release/ps1_memory/ps1_memory.ipynb", as_version=4)
tests = [c for c in rel.cells if c.get("metadata", {}).get("nbgrader", {}).get("grade") and not c.metadata.nbgrader.get("solution")]
rest = [c for c in rel.cells if c not in tests]
rel.cells = tests + rest
submit(d, "mallory4", rel)
submit(d, "zoe", notebook())
grade(d); scores(d)
for s in ("mallory1", "mallory2", "mallory3"):
    p = f"{d}/autograded/{s}/ps1_memory/ps1_memory.ipynb"
    if os.path.exists(p):
        nbx = nbformat.read(p, as_version=4)
        for c in nbx.cells:
            for o in c.get("outputs", []):
                if "PROBE" in o.get("text", ""): print(s, o["text"].strip())
