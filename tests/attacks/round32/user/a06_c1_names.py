"""a06: hand-in file names with C1 controls (U+009B CSI, U+0085 NEL) and a bidi override: the name check refuses
only ord < 32 and 127 ("nbgrader writes file names into the log the TA reads"). Are they refused, or copied into
autograded/ and feedback/ (where a TA lists them), and does any raw one reach the grader's stdout/stderr, the report
or the kept log?"""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
names = ["notes\u009b2J\u009b1;31mFAKE.txt", "a\u0085b.txt", "x\u202eexe.txt"]
d = make_course("a06", A, {"mallory": {}}, extra_files={"mallory": {n: b"hi\n" for n in names}})
r, el = grade(d, A)
scores(d, A)
for where, text in (("stdout", r.stdout), ("stderr", r.stderr)):
    print(where, "raw C1/NEL/RLO present:", any(c in text for c in "\u009b\u0085\u202e"))
rep = open(f"{d}/grading_report.json", encoding="utf-8").read()
print("report raw:", any(c in rep for c in "\u009b\u0085\u202e"))
for top in ("autograded", "feedback"):
    for root, dirs, files in os.walk(f"{d}/{top}/mallory"):
        for f in files:
            if any(c in f for c in "\u009b\u0085\u202e"):
                print("COPIED with raw name:", repr(os.path.join(root, f)))
