"""A12: the reverse lever: a rank of the observer (and the kernel) write a *negative* nice (-20, -1) into
/proc/self/autogroup, and setpriority(0, 0, -20) on itself: were it allowed, the student's session would outweigh
every other session of the host (the grader's, other users') 87:1. Also reads RLIMIT_NICE / RLIMIT_RTPRIO and tries
SCHED_FIFO on itself. Raised in the partition_layers cell; the kernel's result printed."""
import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *
CODE = r'''
import os as _o, ctypes as _ct, resource as _rs
def _boost():
    out = [f"RLIMIT_NICE={_rs.getrlimit(_rs.RLIMIT_NICE)} RLIMIT_RTPRIO={_rs.getrlimit(_rs.RLIMIT_RTPRIO)}"]
    _ct.CDLL(None).prctl(4, 1, 0, 0, 0)
    for v in ("-20", "-1"):
        try:
            with open("/proc/self/autogroup", "w") as f: f.write(v)
            out.append(f"autogroup {v}: ok")
        except OSError as e:
            out.append(f"autogroup {v}: errno {e.errno}")
    out.append("now: " + open("/proc/self/autogroup").read().strip())
    try: _o.setpriority(_o.PRIO_PROCESS, 0, -20); out.append("setpriority -20 ok")
    except OSError as e: out.append(f"setpriority -20 errno {e.errno}")
    try: _o.sched_setscheduler(0, _o.SCHED_FIFO, _o.sched_param(1)); out.append("SCHED_FIFO ok")
    except OSError as e: out.append(f"SCHED_FIFO errno {e.errno}")
    out.append(f"nice={_o.getpriority(_o.PRIO_PROCESS, 0)} policy={_o.sched_getscheduler(0)}")
    return " | ".join(out)
print("KERNELBOOST", _boost())
_orig_pl = partition_layers
def partition_layers(costs, k):
    if len(costs) == 120 and _o.environ.get("DISTCOURSE_PRIVATE_FORK_SERVER") == "1":
        raise RuntimeError("BOOST " + _boost())
    return _orig_pl(costs, k)
'''
root = build("a12", {"mallory": {"partition_layers": solution("partition_layers") + "\n" + CODE}})
grade(root)
scores(root)
for s in ("aaron", "mallory", "zoe"): print(s, sum(v or 0 for v in cell_scores(root, s).values()))
nb = json.load(open(f"{root}/autograded/mallory/ps1_memory/ps1_memory.ipynb"))
for c in nb["cells"]:
    for o in c.get("outputs", []):
        s = json.dumps(o)
        if "KERNELBOOST" in s and o.get("output_type") == "stream": print(o.get("text")[:600])
        if "BOOST " in s and o.get("output_type") == "error": print(o.get("evalue")[:800])
