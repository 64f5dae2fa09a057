"""a07d: a07 taken further. mallory hands in the release untouched (every exercise raises NotImplementedError, every
quiz answer missing: 0 autograded) except her first written answer, which holds one empty <span> per grade id of the
notebook (every test cell and W2). Graded through the real path; then Formgrader's own GradeUI/Backbone code, bound as
formgrade.js binds it, with models as the grade API returns them (auto_score from the gradebook, max_score, no manual
score), and the TA presses "Full credit" on W1 (an ordinary answer worth it, say). aaron (honest) the same, as control."""
import sys, sqlite3; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from common import *
from tools.submissions import _nbgrader_meta, test_cell_ids
import nbformat
if __name__ == "__main__":
    c = make_course("a07d")
    src, rel = release_source()
    tests = test_cell_ids(src)
    targets = list(tests) + ["written_pipeline_vs_sharding"]
    nb = nbformat.read(f"{CLONE}/release/{A}/{A}.ipynb", 4)
    for cell in nb.cells:
        if _nbgrader_meta(cell).get("grade_id") == "written_ddp_fit":
            cell.source = ("DDP keeps all 16 bytes per parameter on every GPU: 48 GB, it does not fit in 40 GB.\n\n" +
                           "".join(f'<span id="{t}"></span>' for t in targets))
    hand_in(c, "aaron", honest())
    hand_in(c, "mallory", nb)
    hand_in(c, "zoe", honest())
    grade(c)
    before = scores(c)
    db = sqlite3.connect(f"{c}/gradebook.db")
    for student in ("aaron", "mallory"):
        rows = db.execute("""select bc.name, gc.max_score, g.auto_score from grade g join grade_cells gc on g.cell_id=gc.id join base_cell bc on bc.id=gc.id
            join submitted_notebook n on g.notebook_id=n.id join submitted_assignment s on n.assignment_id=s.id
            where s.student_id=?""", (student,)).fetchall()
        models = [{"name": n, "max_score": m, "auto_score": a, "manual_score": None, "extra_credit": None,
                   "needs_manual_grade": a is None} for n, m, a in rows]
        out = subprocess.run([PY, "a07e_formgrader_click.py", f"{c}/autograded/{student}/{A}/{A}.ipynb", json.dumps(models)],
                             capture_output=True, text=True, cwd=__import__("os").path.dirname(__import__("os").path.abspath(__file__)))
        print(student, "autograded total:", before.get(student), "| after the TA's one click on W1's Full credit:", out.stdout.strip()[-1500:], out.stderr[-500:])
