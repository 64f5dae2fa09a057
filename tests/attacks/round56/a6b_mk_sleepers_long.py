# Hand-ins whose answer cells sleep (no CPU) 100 s each, below the 120 s cell limit: a correct solution otherwise.
import os, sys, nbformat
sys.path.insert(0, "CLONE")
from tools.submissions import fill, source_and_release
from grader.course import ROOT, notebook_name
os.umask(0o077)
name = "ps1_memory"
CELLS = ("training_memory", "per_device_memory", "partition_layers", "split_model", "two_stage_step", "quiz_q1", "quiz_q2", "quiz_q3")
SLEEP = 105
for student in sys.argv[1:]:
    src, rel = source_and_release(name, ROOT)
    nb = fill(rel, src)
    n = 0
    for c in nb.cells:
        gid = c.metadata.get("nbgrader", {}).get("grade_id")
        if gid in CELLS:
            c.source = f"import time; time.sleep({SLEEP})\n" + c.source
            n += 1
    folder = os.path.join(ROOT, "submitted", student, name); os.makedirs(folder, exist_ok=True)
    nbformat.write(nb, os.path.join(folder, notebook_name(name, ROOT)))
    print("wrote", folder, "sleeping cells:", n)
