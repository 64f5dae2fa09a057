"""a13: not an attack of a student's: does the 17:42:58 fix (every folder up from the one nbgrader runs in must be
root's or the caller's) refuse the TA's own grading where the course folder belongs to an ordinary account and the
grader runs as root (the README's 'as root in a container', a checkout bind-mounted from a TA's home)? The course
folder is chowned to uid 1000 (and a parent to uid 1000), and `python -m grader.grade` runs as root on aaron and zoe."""
import sys, os, json, subprocess
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
d = course("a13")
for s in ("aaron", "zoe"):
    hand_in(d, s, "ps1_memory", nb_for("ps1_memory"))
for dp, dns, fns in os.walk(d):
    for n in dns + fns:
        os.lchown(os.path.join(dp, n), 1000, 1000)
os.chown(d, 1000, 1000)
r = grade(d, "ps1_memory")
scores(d, "ps1_memory")
print("nbgrader list run as root in that course folder:")
r2 = subprocess.run(["CLONE/.venv/bin/nbgrader", "list"], cwd=d, env=ENV, capture_output=True, text=True)
print("  rc", r2.returncode, (r2.stderr.strip()[-300:]))
