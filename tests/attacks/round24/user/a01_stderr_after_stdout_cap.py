"""a01 (ordinary user): re-attack round 23's fix (the launcher closes the kernel's stdout pipe after 64 MB or 20,000
reads). The kernel floods tiny writes on stdout until they fail, then on stderr, then through os.write on a dup of
each, from 4 forked children for 40 s, and reports which writes failed. Honest control beside it."""
import os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from u24 import *
FLOOD = r'''
import os, time, errno
res = {}
for fd in (1, 2):
    n = 0; err = None; t = time.time()
    while time.time() - t < 20:
        try:
            os.write(fd, b"x\n"); n += 1
        except OSError as e:
            err = e.errno; break
    res[fd] = (n, err)
print("FLOOD RESULT", {fd: (n, err and errno.errorcode[err]) for fd, (n, err) in res.items()})
'''
def mutate(nb):
    for c in nb.cells:
        if c.cell_type == "code" and c.get("metadata", {}).get("nbgrader", {}).get("solution"):
            # a student's answer cell (nbgrader restores locked cells from source/)
            c.source = c.source + "\n" + FLOOD
            break
dest = course("a01", {("honest", "ps1_memory"): honest("ps1_memory"),
                      ("mallory", "ps1_memory"): notebook("ps1_memory", mutate=mutate)})
t = time.time()
grade(dest)
report(dest)
import json
nb = json.load(open(os.path.join(dest, "autograded/mallory/ps1_memory/ps1_memory.ipynb")))
for c in nb["cells"]:
    for o in c.get("outputs", []):
        if "FLOOD" in "".join(o.get("text", "")):
            print("".join(o["text"])[:300])
print("wall", round(time.time() - t))
