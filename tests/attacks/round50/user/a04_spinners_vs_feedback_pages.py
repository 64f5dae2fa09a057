"""a04: as an ordinary user there is no CPU share (no cgroup), and grading is serial, but an assignment's feedback
pages are made (each in a child stopped after FEEDBACK_TIMEOUT = 120 s of wall time) as soon as its last submission
is graded, while the next assignment's submissions are graded. mallory's ps2 hand-in starts 240 spinners, each in a
session of its own (one autogroup each), and sleeps in its first cell: do the ps1 pages of aaron, mallory and zoe
(graded honestly just before) fail their wall-clock limit?"""
import os, sys, time, json
sys.path.insert(0, os.path.dirname(__file__))
from harness import *

N = int(sys.argv[1]) if len(sys.argv) > 1 else 240
HOLD = int(sys.argv[2]) if len(sys.argv) > 2 else 240
SPIN = f"""import os, time
for i in range({N}):
    try:
        pid = os.fork()
    except OSError as e:
        print('fork stopped at', i, e); break
    if pid == 0:
        os.setsid()
        while True:
            pass
time.sleep({HOLD})
"""
CLASS = os.environ.get("CLASS", "aaron,mallory,zoe").split(",")
d = course("a04")
for s in CLASS:
    hand_in(d, s, "ps1_memory", nb_for("ps1_memory"))
nb = nb_for("ps2_ddp")
nb.cells.insert(0, nbformat.v4.new_code_cell(SPIN))
hand_in(d, "mallory", "ps2_ddp", nb)
hand_in(d, "zoe", "ps2_ddp", nb_for("ps2_ddp"))
t = time.time()
r = subprocess.run(SETPRIV + [f"{CLONE}/.venv/bin/python", "-m", "grader.grade", "--course-dir", d, "--workers", "1", "ps1_memory", "ps2_ddp"],
                   cwd=CLONE, env=ENV, capture_output=True, text=True, timeout=2400)
print(f"grade rc={r.returncode} in {time.time()-t:.1f}s")
print("STDERR (feedback lines / tail):")
for line in r.stderr.splitlines():
    if "feedback" in line.lower() or "failed" in line.lower():
        print("  ", line[:300])
print(r.stderr[-1500:])
scores(d, "ps1_memory"); scores(d, "ps2_ddp")
rep = json.load(open(f"{d}/grading_report.json"))
for o in rep:
    print(o["student"], o["assignment"], o["status"], round(o["seconds"], 1), "feedback:", o.get("feedback"))
for s in CLASS:
    print("ps1 page", s, os.path.exists(f"{d}/feedback/{s}/ps1_memory/ps1_memory.html"))
subprocess.run(f"ls -la --time-style=full-iso {d}/feedback/*/ps1_memory/*.html", shell=True)
leaks(d)
