"""a02 (ordinary user): round 26's new hand-over format. The first answer cell of ps1 replaces probes.split_handover
in the kernel, so every later probe call hands the observer a JSON line that the observer decodes itself (no child):
the student's real argument plus an extra keyword argument holding a list of 8 million small ints (about 24 MB of
JSON per hand-over, under the 64 MB cap), i.e. JSON parsing and wire.decode in the observer process for each hidden
check. Measures whether this costs anything outside the submission's own cell (the honest student's time and marks,
the grading command's wall time, the grading run's exit) and whether the observer survives to judge later checks."""
import os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from u26 import *

PATCH = r'''
import probes as __p, json as __j
__orig = __p.split_handover
def __fat(args, kwargs):
    data = __orig(args, kwargs)
    line, _, rest = data.partition(b"\n")
    head = __j.loads(line)
    head["kwargs"]["pad"] = {"data": list(range(8)) * 1_000_000}
    return __j.dumps(head).encode() + b"\n" + rest
__p.split_handover = __fat
'''

def mutate(nb):
    for c in nb.cells:
        if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "training_memory":
            c.source = PATCH + "\n" + c.source

dest = course("a02", {("honest", "ps1_memory"): honest("ps1_memory"),
                      ("mallory", "ps1_memory"): notebook("ps1_memory", mutate=mutate)})
t = time.time()
p = grade(dest, env=CANARY_ENV)
print("grading wall", round(time.time() - t), "s")
report(dest)
s = scores(dest)
cell_outputs(dest, "mallory", "ps1_memory", {"training_memory_counts_tensors", "per_device_memory_bad_input"})
cleanup(dest)
