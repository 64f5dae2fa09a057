# a10 (root): every student of an assignment loses their feedback because of one hand-in.
# Feedback is ONE class step per assignment (`nbgrader generate_feedback <assignment>` for all students), killed
# after CLASS_STEP_TIMEOUT = 900 s. HideHiddenTests renders each markdown cell with safe_markdown, capped per cell
# (50,000 characters, 2,000 '<' in the source), but a markdown TABLE of 8,000 rows (48 KB, no '<' at all) renders to
# 424 KB of HTML with ~50,000 tags that bleach then cleans: 11 s per cell here (/tmp/mdcost.py, copied below), and
# the number of cells is not capped. CELLS such cells (5.8 MB for 120) keep the class step past 900 s.
# Class: aaa_honest, mdbomb, zzz_honest (the honest ones built from source/, for comparison only).
# RESULT (root, 05:42-05:58 UTC, machine loaded: load average ~4.5-5 on 2 CPUs): BROKEN (another student's grading).
# Hand-in 14.5 MB (nbformat's line-split JSON of 120 tables). Grades unharmed (aaa_honest 24/24, zzz_honest 24/24 + 6
# by hand, mdbomb 0/30, each graded in ~15-20 s), but `class step generate_feedback ps1_memory failed (stopped after
# 900 s)`: feedback/aaa_honest/ps1_memory/ps1_memory.html written at 05:43, then nothing: no feedback for mdbomb NOR
# for zzz_honest (every student sorted after the bomb). The run took 949 s instead of ~60 s. Unloaded, a cell may
# render ~2x faster: twice the cells (~30 MB, far under the 512 MiB cap) does the same. a10.out.txt.
import os, sys, time, glob
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from monitor import ac, grade_watched
import nbformat

CELLS = int(os.environ.get("CELLS", "120"))
table = "|a|b|\n|-|-|\n" + "|x|y|\n" * 8000
bomb = ac.notebook()
bomb.cells += [nbformat.v4.new_markdown_cell(table) for _ in range(CELLS)]
dest = ac.make_course("r5-a10", {"aaa_honest": ac.honest_nb(), "mdbomb": bomb, "zzz_honest": ac.honest_nb()})
print("hand-in bytes:", os.path.getsize(f"{dest}/submitted/mdbomb/ps1_memory/ps1_memory.ipynb"))
t = time.time()
grade_watched(dest)
print(f"run took {time.time() - t:.0f} s")
ac.show(dest)
for s in ("aaa_honest", "mdbomb", "zzz_honest"):
    print(s, "feedback:", glob.glob(f"{dest}/feedback/{s}/ps1_memory/*.html"))
