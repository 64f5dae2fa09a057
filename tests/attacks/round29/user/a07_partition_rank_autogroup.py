"""A07: the same root cause through a non-distributed check: partition_layers' big case runs the student's function
in a 1-rank helpers.launch (a plain fork of the observer, no setsid). The student's partition_layers, when it gets
the 120-layer case in the observer's sandbox, makes itself dumpable, writes 19 into /proc/self/autogroup, then reads
the observer's (its parent's) autogroup and session and raises them (the cell fails: 4 points, to show the numbers)."""
import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *

CODE = r'''
import os as _o, ctypes as _ct
_orig_pl = partition_layers
def partition_layers(costs, k):
    if len(costs) == 120 and _o.environ.get("DISTCOURSE_PRIVATE_FORK_SERVER") == "1":
        before = open(f"/proc/{_o.getppid()}/autogroup").read().strip()
        _ct.CDLL(None).prctl(4, 1, 0, 0, 0)
        with open("/proc/self/autogroup", "w") as f:
            f.write("19")
        after = open(f"/proc/{_o.getppid()}/autogroup").read().strip()
        raise RuntimeError(f"AG me={_o.getpid()} sid={_o.getsid(0)} observer={_o.getppid()} observer_sid={_o.getsid(_o.getppid())} "
                           f"observer autogroup before: {before} after: {after}")
    return _orig_pl(costs, k)
'''
root = build("a07", {"mallory": {"partition_layers": solution("partition_layers") + "\n" + CODE}})
grade(root)
scores(root)
for s in ("aaron", "mallory", "zoe"): print(s, sum(v or 0 for v in cell_scores(root, s).values()))
nb = json.load(open(f"{root}/autograded/mallory/ps1_memory/ps1_memory.ipynb"))
for c in nb["cells"]:
    for o in c.get("outputs", []):
        if "AG me" in json.dumps(o):
            print(o.get("evalue"))
