"""A02: round 28's autogroup fix covers a check's child (setsid) but not a *rank* forked by helpers.launch for a
distributed check (two_stage_step): on a CPU machine ranks are plain forks of the observer, in its session. The
student's two_stage_step (run in both ranks) makes its process dumpable again and writes 19 into
/proc/self/autogroup, i.e. the observer's session. The kernel runs 2 spinners (both mallory and mallet) so that
the CPU is contended. mallet = spinners only (control for the spinners' own effect). A root-side monitor records
every autogroup that goes non-zero and the observer's."""
import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *

SPIN = '''
import os as _os, time as _t
if not globals().get("_SPUN"):
    _SPUN = True
    for _ in range(2):
        if _os.fork() == 0:
            _s = _t.time()
            while _t.time() - _s < 400:
                pass
            _os._exit(0)
'''
NICE = '''
import ctypes as _ct, os as _os2
def _nice_my_session():
    try:
        _ct.CDLL(None).prctl(4, 1, 0, 0, 0)   # PR_SET_DUMPABLE 1: /proc/self/* owned by me again
        with open("/proc/self/autogroup", "w") as f:
            f.write("19")
    except OSError:
        pass
_orig_two_stage_step = two_stage_step
def two_stage_step(stage, batch, target, loss_fn, activation_shape):
    _nice_my_session()
    return _orig_two_stage_step(stage, batch, target, loss_fn, activation_shape)
'''
root = build("a02", {
    "mallet": {"training_memory": solution("training_memory") + "\n" + SPIN},
    "mallory": {"training_memory": solution("training_memory") + "\n" + SPIN,
                "two_stage_step": solution("two_stage_step") + "\n" + NICE},
})
with Monitor() as m:
    grade(root)
scores(root)
for s in ("aaron", "mallet", "mallory", "zoe"): print(s, sum(v or 0 for v in cell_scores(root, s).values()), cell_scores(root, s))
print("autogroups seen (non-zero nice, and every observer):")
print("\n".join(m.log))
