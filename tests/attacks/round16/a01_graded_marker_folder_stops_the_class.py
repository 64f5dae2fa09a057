"""a01 (root): re-attack of round 15's fix ("any exception of the checks made before a hand-in is read refuses that
hand-in"). The grader writes its own marker `autograded/<student>/<assignment>/.graded` AFTER nbgrader has copied the
hand-in there; a hand-in that holds a FOLDER named `.graded` (one plain file inside: no link, no special file, no
code, passes every pre-check) makes `write_beneath` fail (rename of a file over a folder: EISDIR) in the worker,
outside `refused()`. Students: aa_honest (honest ps1), mallory (the untouched release notebook + `.graded/x`),
zz_honest (honest ps1). Graded with one grading command, then a second one (a TA re-running)."""
import json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common16 import *  # noqa
from attack_course import release_nb  # noqa

DEST = "/tmp/attack16-a01"


def main():
    d = course(DEST, {"aa_honest": honest(), "mallory": release_nb(), "zz_honest": honest()})
    os.makedirs(os.path.join(d, "submitted", "mallory", "ps1_memory", ".graded"))
    with open(os.path.join(d, "submitted", "mallory", "ps1_memory", ".graded", "x"), "w") as fh:
        fh.write("a plain file\n")
    for run in (1, 2):
        print(f"===== grading run {run}")
        rc = grade(d)
        print("exit status:", rc)
        try:
            print(open(os.path.join(d, "grading_report.json")).read())
        except OSError as e:
            print("no grading_report.json:", e)
        print("grades.csv:", open(os.path.join(d, "grades.csv")).read() if os.path.exists(os.path.join(d, "grades.csv")) else "(none)")
        fb = os.path.join(d, "feedback")
        print("feedback pages:", sorted(os.path.relpath(os.path.join(r, f), fb) for r, _, fs in os.walk(fb) for f in fs) if os.path.isdir(fb) else "(none)")
        show(d)
    cleanup(d)


if __name__ == "__main__":
    main()
