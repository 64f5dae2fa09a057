"""a04: a student with an account on the grading machine (eve47, uid 2001; the exchange's setup gives every student
one) reads what the course keeps hidden straight from the TA's course folder and the checkout: the grader makes
autograded/ and .taken/ 0700, but feedback/ (every student's code and outputs), gradebook.db, grades.csv and
grading_report.json are world-readable, and so are source/ (solutions) and autograders/ (judges, quiz keys) of a
checkout cloned with the usual umask."""
import sys, os, subprocess; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
d = course("a04")      # made like a clone: umask 022
for s in ("aaron", "zoe"):
    hand_in(d, s, "ps1_memory", nb_for("ps1_memory"))
grade(d, "ps1_memory", quiet=True); scores(d, "ps1_memory")
EVE = r'''
import glob, os, sys
d = sys.argv[1]
def tryread(p):
    try: return len(open(p, "rb").read())
    except Exception as e: return type(e).__name__
for p in [f"{d}/feedback/aaron/ps1_memory/ps1_memory.html", f"{d}/gradebook.db", f"{d}/grades.csv", f"{d}/grading_report.json",
          f"{d}/source/ps1_memory/ps1_memory.ipynb", f"{d}/submitted/aaron/ps1_memory/ps1_memory.ipynb",
          f"{d}/autograded/aaron/ps1_memory/ps1_memory.ipynb",
          "CLONE/source/ps1_memory/ps1_memory.ipynb", "CLONE/autograders/ps1_memory.py"]:
    print("eve reads", p, "->", tryread(p))
h = open(f"{d}/feedback/aaron/ps1_memory/ps1_memory.html").read()
print("aaron's answer code in his feedback page, read by eve:", "def training_memory" in h)
print("quiz key in autograders/:", [l for l in open("CLONE/autograders/ps1_memory.py") if "q1" in l.lower()][:3])
'''
r = subprocess.run(["setpriv", "--reuid", "2001", "--regid", "2001", "--clear-groups", "/usr/bin/python3", "-c", EVE, d],
                   cwd="/home/eve47", capture_output=True, text=True)
print(r.stdout, r.stderr[-2000:])
print(subprocess.run(["ls", "-ld", d, f"{d}/feedback", f"{d}/feedback/aaron", f"{d}/autograded", f"{d}/gradebook.db"], capture_output=True, text=True).stdout)
