"""a04: grader/admission.py counts a submission idle (and lets the next start beside it, even at --workers 1) when
its processes' CPU, read from /proc (utime+stime+cutime+cstime of each live process of its tree and PID namespace),
grows by less than 2% of a core over 1 s. A child reaped by the kernel (its parent ignores SIGCHLD) adds its time
to no one's cutime, and a child that lives < 0.25 s (the scan period) is barely seen: mallory keeps 2 (or 4)
short-lived spinners running for 45 s, each 0.1 s, auto-reaped. Does she count idle while burning both cores, so
that zoe and zz are graded beside her at --workers 1? Their seconds against a run with an honest mallory."""
import sys, json, time
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
from tools.submissions import solution_text

N = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1] != "plain" else 2
PLAIN = len(sys.argv) > 1 and sys.argv[1] == "plain"  # control: the same CPU, seen (children waited for)
PAYLOAD = r'''
import os, signal, time
if not PLAINFLAG:
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)
live = []
end = time.time() + 45
n = 0
while time.time() < end:
    if PLAINFLAG:
        live = [p for p in live if os.waitpid(p, os.WNOHANG) == (0, 0)]
    else:
        live = [p for p in live if os.path.exists("/proc/%d" % p)]
    while len(live) < NCHILD:
        pid = os.fork()
        if pid == 0:
            t = time.time() + 0.1
            while time.time() < t:
                pass
            os._exit(0)
        live.append(pid); n += 1
    time.sleep(0.01)
print("spinners started:", n)
'''.replace("NCHILD", str(N)).replace("PLAINFLAG", str(PLAIN))
sol = {c.metadata.nbgrader.grade_id: solution_text(c) for c in nbformat.read(f"{CLONE}/source/ps1_memory/ps1_memory.ipynb", 4).cells
       if c.get("metadata", {}).get("nbgrader", {}).get("solution")}
for label, ov in ((() if PLAIN else (("honest mallory (control run)", {}),)) + ((("seen spinners x%d (waited for)" if PLAIN else "hidden spinners x%d") % N, {"quiz_q1": PAYLOAD + "\n" + sol["quiz_q1"]}),)):
    print("=====", label, flush=True)
    t0 = time.time()
    d, r, sc = run_class("a04", "ps1_memory", {"mallory": ov}, controls=("aaron", "zoe", "zz"))
    rep = json.load(open(f"{d}/grading_report.json"))
    print("seconds:", {x["student"]: round(x["seconds"], 1) for x in rep}, "whole run %.1f s" % (time.time() - t0))
