"""a08: does a kernel forked from the template inherit any shared writable mapping (rw-s) of the template's, which
it would share with the template and so with every later kernel (other students)? Prints the kernel's shared
mappings and those of a check's child is not reachable here; the kernel's only."""
import sys
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
CODE = r'''
import os
for line in open("/proc/self/maps"):
    perms = line.split()[1]
    if "s" in perms:
        print("SHARED", line.strip())
print("maps done, pid", os.getpid(), "ppid", os.getppid())
'''
d = course("a08")
nb_m = nb_for("ps1_memory")
for c in nb_m.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q1":
        c.source += "\n" + CODE
for s, nb in [("aaron", nb_for("ps1_memory")), ("mallory", nb_m), ("zoe", nb_for("ps1_memory"))]:
    hand_in(d, s, "ps1_memory", nb)
grade(d, "ps1_memory")
scores(d, "ps1_memory")
nb = nbformat.read(f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb", 4)
for c in nb.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q1":
        for o in c.get("outputs", []):
            print(o.get("text", "") or o)
