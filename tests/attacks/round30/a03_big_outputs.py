"""a03: what a notebook's outputs cost the TA's disk and the class steps: mallory's answer cell publishes
12 display_data messages of 100 MB each (text/plain, fresh strings); mallory2's answer cell publishes 15,000
hand-overs (HANDOVER_MIME) naming real checks with junk and valid-looking payloads. Measures autograded/ and
feedback/ sizes, grading times, scores."""
import os, sys, time, subprocess
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import course, scores, report, solutions, outputs

sol = solutions()
big = sol["partition_layers"] + r'''
from IPython.display import publish_display_data
import os as _os
for _i in range(12):
    publish_display_data({"text/plain": (str(_i) * 10) + _os.urandom(50_000_000).hex()})
'''
flood = sol["partition_layers"] + r'''
from IPython.display import publish_display_data
import base64 as _b, json as _j
_junk = _b.b64encode(_j.dumps({"args": [{"data": "q1"}, {"data": "a"}], "kwargs": {}}).encode() + b"\n").decode()
for _i in range(15000):
    publish_display_data({"application/vnd.distcourse.handover+json": {"check": "ps1_memory.quiz", "args": _junk},
                          "text/plain": "x"})
'''
t = time.time()
root, p = course("a03", "ps1_memory", {"mallory": {"partition_layers": big}, "mallory2": {"partition_layers": flood}})
print("scores:", scores(root))
r = report(root)
print("report:", [(x.get("student"), x.get("status"), x.get("seconds"), (x.get("reason") or "")[:300]) for x in r] if isinstance(r, list) else r)
print(subprocess.run(f"du -sh {root}/autograded/* {root}/feedback/* {root}/grading_logs 2>&1; ls -la {root}/autograded/*/ps1_memory/", shell=True, capture_output=True, text=True).stdout)
