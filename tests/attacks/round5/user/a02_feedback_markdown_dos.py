"""a02 (ORDINARY USER): one hand-in stops the feedback of the whole class (harm to others' grading).

The feedback step renders every markdown cell of every autograded notebook with mistune + bleach
(grader.feedback.safe_markdown) in ONE class step, `generate_feedback ps1_memory`, killed after
CLASS_STEP_TIMEOUT = 900 s. A cell is rendered when it has <= 50,000 characters and <= 2,000 '<'; markdown with
no '<' at all but a pathological mix of emphasis/code/link markers ("*_[`" * 12000) costs ~4 s per cell in
mistune+bleach (bench: r5_md_bench*.py). 300 such cells (15 MB, far below the 512 MiB hand-in cap) cost
~1200 s: the class step is killed, and students whose feedback had not been written yet get none.
Student "aaa" (graded and rendered first) is the attacker; "honest" and "zzz" come after it.
"""
from u import *
import nbformat.v4 as v4

MD = "*_[`" * 12000


def add_cells(nb, n=300):
    for i in range(n):
        nb.cells.append(v4.new_markdown_cell(MD + f" {i}"))


if __name__ == "__main__":
    t = time.time()
    dest, p = ugrade("02", {"aaa": notebook(mutate=add_cells), "honest": honest_nb(), "zzz": notebook()})
    print(f"total {time.time()-t:.0f}s")
    for s in ("aaa", "honest", "zzz"):
        f = os.path.join(dest, "feedback", s, "ps1_memory")
        print("FEEDBACK", s, os.listdir(f) if os.path.isdir(f) else "NONE")

# RESULT (ORDINARY USER, 986 s; a03/a04 graded on the same 2 cores during part of it): BROKEN (harm to others'
# grading). All three graded normally (aaa 0/30 in 20 s, honest 24/24 + 6 by hand, zzz 0/30), then:
#   class step generate_feedback ps1_memory failed (stopped after 900 s)
#   FEEDBACK aaa NONE / honest NONE / zzz NONE    (no feedback/ folder at all)
# grading_report.json says "graded", reason "" for everyone: nothing in the report tells the TA that no student got
# feedback (only stderr). Per-cell cost measured alone (r5_md_bench2.py): "*_[`"*12000 3.9 s, a 500-column
# table 3.8 s, so 300 cells need ~1200 s even on an idle core; 15 MB of hand-in.
