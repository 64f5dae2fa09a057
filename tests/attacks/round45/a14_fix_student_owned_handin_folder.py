"""a14: after the 17:42:58 fix, a hand-in folder put into submitted/ by hand with the student's ownership kept
(`cp -a`/`mv` from her home: submitted/mallory/ owned by uid 65534, mode 0755, honest notebook): does any
nbgrader step of `make grade` run with its cwd there, so the new refusal stops mallory's grading, or the class's?"""
import sys, os
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
d = course("a14")
for s in ("aaron", "mallory", "zoe"):
    hand_in(d, s, "ps1_memory", nb_for("ps1_memory"))
for p in (f"{d}/submitted/mallory", f"{d}/submitted/mallory/ps1_memory", f"{d}/submitted/mallory/ps1_memory/ps1_memory.ipynb"):
    os.chown(p, 65534, 65534)
r = grade(d, "ps1_memory")
scores(d, "ps1_memory")
