"""a07: a04 at --workers 2 (admission limit 4) with two hostile students (mallory, mallory2), each keeping 4 hidden
(auto-reaped, 0.1 s) spinners for 45 s: both count idle, so up to four submissions run at once, two of them hogs
that the TA's --workers 2 meant to keep at two busy ones. Honest aaron, zoe, zz graded beside; their seconds and
marks against the same class with honest mallory/mallory2."""
import sys, json, time
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
from tools.submissions import solution_text

PAYLOAD = r'''
import os, signal, time
signal.signal(signal.SIGCHLD, signal.SIG_IGN)
live = []
end = time.time() + 45
while time.time() < end:
    live = [p for p in live if os.path.exists("/proc/%d" % p)]
    while len(live) < 4:
        pid = os.fork()
        if pid == 0:
            t = time.time() + 0.1
            while time.time() < t:
                pass
            os._exit(0)
        live.append(pid)
    time.sleep(0.01)
'''
sol = {c.metadata.nbgrader.grade_id: solution_text(c) for c in nbformat.read(f"{CLONE}/source/ps1_memory/ps1_memory.ipynb", 4).cells
       if c.get("metadata", {}).get("nbgrader", {}).get("solution")}
hog = {"quiz_q1": PAYLOAD + "\n" + sol["quiz_q1"]}
for label, ov in (("honest class (control)", {}), ("two hidden hogs", hog)):
    print("=====", label, flush=True)
    t0 = time.time()
    d, r, sc = run_class("a07", "ps1_memory", {"mallory": ov, "mallory2": ov}, extra=("--workers", "2"),
                         controls=("aaron", "zoe", "zz"))
    rep = json.load(open(f"{d}/grading_report.json"))
    print("seconds:", {x["student"]: round(x["seconds"], 1) for x in rep}, "whole run %.1f s" % (time.time() - t0))
