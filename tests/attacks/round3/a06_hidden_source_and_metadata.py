"""a06 (root): (1) read the hidden tests; (2) nbgrader metadata tampering.

leak_hidden: a pre_run_cell hook sees every cell's source as the kernel runs it. Test cells are run
with their trusted source restored from source/ (hidden region included), and stream output of a test
cell is kept in the graded notebook and the feedback. The hook prints the HIDDEN TESTS region of every
test cell: the student's feedback then shows what HideHiddenTests is meant to hide.
sol_flag: a test cell (quiz_q1_correct) marked "solution": true with its source replaced: can the cell's
trusted source or the verdict rule be escaped (needs_manual_grade, or nbgrader's old scoring)?
points: a test cell's points raised to 100 (with a04's lazy per_device_memory so it passes).
"""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.dirname(__import__("os").path.abspath(__file__))))
from attack_course import *
from a04_public_good_inputs import TABLE_PD

HOOK = r'''
def _leak(info):
    src = info.raw_cell or ""
    if "### BEGIN HIDDEN TESTS" in src:
        print("LEAKED HIDDEN TESTS:\n" + src[src.index("### BEGIN HIDDEN TESTS"):][:3000])
get_ipython().events.register("pre_run_cell", _leak)
'''

def sol_flag(nb):
    for c in nb.cells:
        if meta(c).get("grade_id") == "quiz_q1_correct":
            c.metadata["nbgrader"]["solution"] = True
            c.source = 'print("ok")'
        if meta(c).get("grade_id") == "quiz_q1":
            c.source = 'q1 = "a"'

def points(nb):
    for c in nb.cells:
        if meta(c).get("grade_id") == "per_device_memory_bad_input":
            c.metadata["nbgrader"]["points"] = 100

if __name__ == "__main__":
    students = {"leak_hidden": notebook(overrides={"training_memory": HOOK}),
                "points": notebook(overrides={"per_device_memory": TABLE_PD}, mutate=points),
                "sol_flag": notebook(mutate=sol_flag)}
    dest = make_course("06", students)
    grade(dest)
    show(dest)
    for s in students:
        print("=====", s)
        try: outputs(dest, s)
        except Exception as e: print("no autograded notebook:", e)
    os.system(f"grep -l 'LEAKED HIDDEN' -r {dest}/feedback; grep -o 'probe\\.[a-z_]*([^)]*)' -r {dest}/feedback | sort -u | head -20")

# RESULT (root, 03:00 UTC, output a06_hidden_source_and_metadata.out.txt):
# leak_hidden: "LEAKED HIDDEN TESTS" 13 times in feedback/leak_hidden/ps1_memory/ps1_memory.html: the whole
#   ### BEGIN HIDDEN TESTS ... ### END HIDDEN TESTS region of every test cell (here: which probe is called,
#   with which arguments, and the comment "The hidden check runs first here..."). HideHiddenTests only
#   rewrites the cell's source, not what the kernel printed of it. Low impact in this course (the regions
#   hold only probe calls; the probes are public) but the feedback does show what it promises to hide.
# points: points of a test cell set to 100 -> restored by nbgrader (scored 1 of 1). Held.
# sol_flag: "solution": true on a test cell -> status failed, "RuntimeError: Inconsistent checksums for cell
#   quiz_q1_correct" (the student's own submission only; no points, no manual-grade state). Held.
