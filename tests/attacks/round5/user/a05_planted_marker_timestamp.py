"""a05 (ORDINARY USER): files of nbgrader's and the grader's own, handed in by the student.

- `timestamp.txt` in the hand-in: nbgrader autograde reads it as the submission time (late penalties are computed
  from it when the course sets a due date); the student writes 2000-01-01.
- `.graded` in the hand-in: grader.grade's marker that a submission was graded by an earlier run (resume skips it).
  nbgrader copies the hand-in folder into autograded/ BEFORE it runs the notebook, so a submission whose grading
  then FAILS (here: its kernel dies in 5 cells, more than max_kernel_deaths = 3) already has the marker, and the
  next `make grade` (resume after failures, without --regrade) skips it as "graded by an earlier run".
Graded twice: second run without --regrade.
"""
from u import *

DIE = "import os\nos._exit(1)\n"
nb = notebook(append={g: DIE for g in ("training_memory", "per_device_memory", "partition_layers", "split_model",
                                        "two_stage_step")})

if __name__ == "__main__":
    dest = make_course("r5u-05", {"fails": nb, "tsonly": honest_nb()}, owner=65534)
    for s in ("fails", "tsonly"):
        d = os.path.join(dest, "submitted", s, "ps1_memory")
        open(os.path.join(d, "timestamp.txt"), "w").write("2000-01-01 00:00:00.000000 UTC")
        open(os.path.join(d, ".graded"), "w").write("planted by student")
    subprocess.run(["chown", "-R", "65534:65534", dest], check=True)
    for run in (1, 2):
        print(f"===== run {run}")
        grade(dest, python=CLONE + "/.venv/bin/python", cwd=CLONE,
              prefix=("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "env", "HOME=" + HOME))
        print(open(os.path.join(dest, "grading_report.json")).read())
        for s in ("fails", "tsonly"):
            f = os.path.join(dest, "autograded", s, "ps1_memory")
            print(f"autograded/{s}:", os.listdir(f) if os.path.isdir(f) else "ABSENT",
                  open(os.path.join(f, ".graded")).read() if os.path.isfile(os.path.join(f, ".graded")) else "")
    import sqlite3
    db = sqlite3.connect(os.path.join(dest, "gradebook.db"))
    print("TIMESTAMPS", db.execute("select student_id, timestamp from submitted_assignment").fetchall())

# RESULT (ORDINARY USER, 73 s + 31 s): marker HELD: the failed submission's autograded/ folder is removed (the
# planted .graded with it) and run 2 graded it again; the graded one's .graded is the grader's own ("graded in 19.2 s").
# timestamp.txt WEAK/conditional: the gradebook records the student's own submission time for both:
#   TIMESTAMPS [('fails', '2000-01-01 00:00:00.000000'), ('tsonly', '2000-01-01 00:00:00.000000')]
# This course sets no due date, so no late penalty is lost; a course that sets one (nbgrader's late penalty) would
# compute lateness from a file the student wrote.
