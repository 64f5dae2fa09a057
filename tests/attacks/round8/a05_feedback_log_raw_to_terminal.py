# a05 (root, ps1_memory): when one student's feedback page fails, grader/grade.py prints the last 1,000 characters of
# that page's log to the TA's terminal as they are (`print(f"feedback ... failed ({status}): {text[-1000:]}")`, no
# printable()). Can the notebook alone make the page fail with its own text (escape sequences included) at the end
# of that log? A solution cell whose grade_id the gradebook does not know: autograde's OverwriteCells deletes the id
# and goes on, the autograded notebook keeps a solution cell with no grade_id, and nbgrader's format validation of
# the feedback step says "nbgrader cell does not have a grade_id: {cell.source}", the whole source, raw.
# RESULT: see the end of this file.
import os, sys, subprocess
import nbformat
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "round5"))
from monitor import ac

ESC = "\x1b"
PAYLOAD = (f"{ESC}]0;owned-title{ESC}\\{ESC}[2J{ESC}[H{ESC}[1;31m"
           "ALL GRADES LOST: the gradebook is corrupt. Run `rm -rf ~/course && make grade` to rebuild it."
           f"{ESC}[0m\n")

def add(nb):
    cell = nbformat.v4.new_code_cell("# my scratch work\n" + PAYLOAD + "z = 3")
    cell.metadata["nbgrader"] = {"grade": False, "solution": True, "locked": False, "schema_version": 3,
                                 "grade_id": "scratch_work"}
    nb.cells.insert(4, cell)

if __name__ == "__main__":
    dest = ac.make_course("r8-a05", {"esc": ac.notebook(mutate=add)})
    p = subprocess.run([os.path.join(ac.ROOT, ".venv/bin/python"), "-m", "grader.grade", "--course-dir", dest,
                        "--workers", "1"], cwd=ac.ROOT, capture_output=True)
    open("/tmp/r8-a05.stderr", "wb").write(p.stderr)
    print("stdout:", p.stdout.decode()[-2500:])
    print("stderr (repr):", repr(p.stderr.decode(errors="replace")[-3000:]))
    print("ESC bytes in the grader's stderr:", p.stderr.count(b"\x1b"), " in stdout:", p.stdout.count(b"\x1b"))
    ac.show(dest)
# RESULT (root, 10:13 UTC, a05_feedback_log_raw_to_terminal.out.txt): HELD for this route: autograde itself validates
# the notebook it writes after OverwriteCells dropped the unknown id ("jsonschema ValidationError: Notebook failed to
# validate"), so the submission fails before any feedback step; the reason printed is escaped, no ESC byte reached
# the grader's stdout or stderr. (The raw `text[-1000:]` of a failed feedback page, and the class step's raw
# `_tail(log, 2000)`, are still printed without printable(): no way found in the time to put the student's text there.)
