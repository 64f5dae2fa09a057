"""a12: a check's child (split_model) pins the observer (its parent, pid 3 in the observer's sandbox) and bwrap's init
to CPU 0 with sched_setaffinity (not among the calls the filter limits to the caller), then the next check's child
(partition_layers' first call) reads the observer's affinity back: does the pin survive the call? (the model says
"its CPU affinity stays open"). Effect measured as the submission's time against the controls'."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import course, scores, report, solutions, outputs

sol = solutions()
pin = sol["split_model"].replace("def split_model(", "def _real_split_model(", 1) + \
    "\n\ndef split_model(*a, **k):\n    import sys, os\n    obs = sys.modules.get('probes.observer')\n" \
    "    if obs is not None and obs.ACTIVE:\n        r = []\n        for p in (os.getppid(), 1, 2):\n" \
    "            try:\n                os.sched_setaffinity(p, {0}); r.append(f'{p}:pinned:{sorted(os.sched_getaffinity(p))}')\n" \
    "            except OSError as e:\n                r.append(f'{p}:e{e.errno}')\n        raise RuntimeError('PIN ' + ' '.join(r))\n" \
    "    return _real_split_model(*a, **k)\n"
read = sol["quiz_q1"] if "quiz_q1" in sol else None
q = [k for k in sol if k.startswith("q")]
two = sol["two_stage_step"].replace("def two_stage_step(", "def _real_tss(", 1) + \
    "\n\ndef two_stage_step(*a, **k):\n    import sys, os\n    obs = sys.modules.get('probes.observer')\n" \
    "    if obs is not None and obs.ACTIVE:\n        raise RuntimeError('AFTER observer affinity ' + str(sorted(os.sched_getaffinity(os.getppid()))) + ' ppid ' + str(os.getppid()))\n" \
    "    return _real_tss(*a, **k)\n"
root, p = course("a12", "ps1_memory", {"mallory": {"split_model": pin, "two_stage_step": two}})
print("scores:", scores(root))
print("report:", [(x.get("student"), x.get("status"), round(x.get("seconds") or 0, 1)) for x in report(root)])
for tag in ("PIN", "AFTER"):
    for i, t in outputs(root, "mallory", grep=tag):
        print(f"--- cell {i}\n{t[:800]}")
