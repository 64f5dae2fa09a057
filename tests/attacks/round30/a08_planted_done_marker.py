"""a08: the hand-in carries its own `.graded` (the grader's done marker, a regular file). nbgrader copies the hand-in's
files into autograded/<student>/<assignment>/ before it executes the notebook; if the grading is then killed (the
submission's time limit), is the planted marker left there, so that the TA's next run (resume, no --regrade) takes
the submission for graded and skips it? Run 1: --submission-timeout 45, mallory's first answer cell sleeps 600 s.
Run 2: the same command again."""
import os, sys, subprocess, time, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import course, scores, report, solutions, outputs, CLONE, ENV

sol = solutions()
slow = "import time as _t\n_t.sleep(600)\n" + sol["training_memory"]
root = f"/tmp/attack30-root-a08"
import nbformat
orig_write = nbformat.write
def write(nb, path, *a, **k):
    orig_write(nb, path, *a, **k)
    if "/submitted/mallory/" in str(path):
        with open(os.path.join(os.path.dirname(path), ".graded"), "w") as fh:
            fh.write("graded in 1.0 s\n")
import common
common.nbformat.write = write
root, p = course("a08", "ps1_memory", {"mallory": {"training_memory": slow}}, extra_args=("--submission-timeout", "45"))
print("run1 scores:", scores(root))
print("run1 report:", [(x.get("student"), x.get("status"), (x.get("reason") or "")[:150]) for x in report(root)])
print(subprocess.run(f"ls -la {root}/autograded/mallory/ps1_memory/ {root}/submitted/mallory/ps1_memory/", shell=True, capture_output=True, text=True).stdout)
t = time.time()
p2 = subprocess.run([f"{CLONE}/.venv/bin/python", "-m", "grader.grade", "--course-dir", root, "--workers", "1",
                     "--submission-timeout", "45", "ps1_memory"], cwd=CLONE, env=ENV, capture_output=True, text=True)
print(f"run2 rc={p2.returncode} {time.time()-t:.1f}s\n", p2.stdout[-1500:], p2.stderr[-1500:])
print("run2 scores:", scores(root))
print("run2 report:", [(x.get("student"), x.get("status"), (x.get("reason") or "")[:150]) for x in report(root)])
print(open(f"{root}/grades.csv").read() if os.path.exists(f"{root}/grades.csv") else "no grades.csv")
