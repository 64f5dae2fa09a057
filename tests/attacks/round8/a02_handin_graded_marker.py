# a02 (root, ps1_memory): a hand-in that carries its own `.graded` (the grader's "already graded" marker) next to a
# notebook nbgrader fails on (two cells with the same grade_id). nbgrader autograde copies the hand-in's files into
# autograded/<student>/<assignment>/ before it executes; if the copy lands there, the next `make grade` (the TA
# rerunning the failures) skips this submission as "already graded" and generates its feedback.
# RESULT: see the end of this file.
import copy, os, sys, json, subprocess
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "round5"))
from monitor import ac, grade_watched

def dup(nb):
    cells = [c for c in nb.cells if ac.meta(c).get("grade_id") == "training_memory"]
    nb.cells.insert(nb.cells.index(cells[0]) + 1, copy.deepcopy(cells[0]))

if __name__ == "__main__":
    students = {"marker": ac.notebook(mutate=dup)}
    dest = ac.make_course("r8-a02", students)
    with open(os.path.join(dest, "submitted/marker/ps1_memory/.graded"), "w") as fh:
        fh.write("done\n")
    grade_watched(dest)
    print("after run 1:", os.listdir(os.path.join(dest, "autograded/marker/ps1_memory")) if os.path.isdir(os.path.join(dest, "autograded/marker/ps1_memory")) else "no autograded")
    print(open(os.path.join(dest, "grading_report.json")).read()[:1500])
    grade_watched(dest)
    print(open(os.path.join(dest, "grading_report.json")).read()[:1500])
    ac.show(dest)
# RESULT (root, 10:04 UTC, a02_handin_graded_marker.out.txt): HELD. The duplicated grade_id fails the submission
# (status failed, reason "nbgrader update ."), autograded/marker/ is never made, so the hand-in's `.graded` is not
# copied anywhere; the second run grades it again (failed again, "0 already graded"), it is not skipped.
