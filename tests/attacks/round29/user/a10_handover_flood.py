"""A10: the hand-overs of one test cell are all run by the observer, one after another, before the cell is judged
(`_observe` waits for every one; the judge then refuses the cell for reporting more than it was asked). mallory's
kernel replaces `probes.ps1_memory.split_model` so that the split_model test cell hands over 1000 checks (each a fork
of the observer calling the student's function several times). How long does the grader keep at it, and is it bounded
by anything but the submission's limit (900 s; here --submission-timeout 150 so that the run fits)?"""
import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *
FLOOD = r'''
import probes.ps1_memory as _pm
_real_split_check = _pm.split_model
def _flood(fn):
    for _ in range(1000):
        _real_split_check(fn)
_flood.check_name = _real_split_check.check_name
_pm.split_model = _flood
'''
root = build("a10", {"mallory": {"split_model": solution("split_model") + "\n" + FLOOD}})
grade(root, extra=["--submission-timeout", "150"])
scores(root)
for s in ("aaron", "mallory", "zoe"):
    try:
        cs = cell_scores(root, s); print(s, sum(v or 0 for v in cs.values()))
    except Exception as e:
        print(s, "no scores", e)
