"""a07: the sanitiser keeps `id` and `class` on every tag of a written answer (grader.feedback.safe_markdown, used by
InertForTheBrowser for the graded notebook the TA opens in Formgrader). Formgrader binds each grade's editor with
`$("#" + grade_id).parents(".nbgrader_cell")` (formgrade.js loadGrades): the FIRST element of that id in the page.
mallory's first written answer (written_ddp_fit, a real answer) carries an empty <span id="written_pipeline_vs_sharding">;
her second answer is blank. In Formgrader, W2's grade editor binds to W1's panel: whatever the TA gives W1 is saved
to W2 as well, and the real W2 box saves nothing. Step 1: grade through the real path, check the id survives in the
graded notebook. Step 2: render that notebook with nbgrader's own formgrade template and run Formgrader's binding
code (its jQuery + the GradeUI lookups) in headless chromium."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from common import *
from tools.submissions import _nbgrader_meta, fill
W1 = ("Mixed-precision Adam keeps 16 bytes per parameter: 3e9 x 16 = 48 GB per GPU under DDP, more than 40 GB, "
      "so it does not fit; ZeRO-2 on 8 GPUs holds 2 + (2 + 12)/8 = 3.75 bytes per parameter, 11.25 GB.\n\n"
      '<span id="written_pipeline_vs_sharding"></span><span id="written_pipeline_vs_sharding-comment"></span>')
if __name__ == "__main__":
    c = make_course("a07")
    hand_in(c, "aaron", honest())
    src, rel = release_source()
    nb = fill(rel, src, {})
    for cell in nb.cells:
        if _nbgrader_meta(cell).get("grade_id") == "written_ddp_fit":
            cell.source = W1
        if _nbgrader_meta(cell).get("grade_id") == "written_pipeline_vs_sharding":
            cell.source = "YOUR ANSWER HERE"
    hand_in(c, "mallory", nb)
    hand_in(c, "zoe", honest())
    grade(c)
    scores(c)
    g = json.load(open(f"{c}/autograded/mallory/{A}/{A}.ipynb"))
    for cell in g["cells"]:
        s = "".join(cell["source"])
        if "written_pipeline_vs_sharding" in s and cell["cell_type"] == "markdown":
            print("GRADED MARKDOWN CELL KEEPS:", s[-300:])
    fb = open(f"{c}/feedback/mallory/{A}/{A}.html").read()
    print("FEEDBACK id occurrences:", fb.count('id="written_pipeline_vs_sharding"'))
