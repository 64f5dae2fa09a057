"""a13: nbgrader metadata a hand-in adds: (m1) a new code cell marked as a graded test with 100 points and a fresh
grade_id, (m2) a new "task" markdown cell with 50 points, (m3) a written-answer cell's points raised to 1e308 and
(m4) a test cell copied under a fresh id. Does any reach the gradebook's max or score, for her or the class?"""
import sys, copy; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
def with_extra(kind):
    nb = honest()
    if kind == "m1":
        c = nbformat.v4.new_code_cell("assert True", metadata={"nbgrader": {"grade": True, "solution": False, "locked": True,
                                      "grade_id": "bonus_free", "points": 100, "schema_version": 3}})
        nb.cells.append(c)
    elif kind == "m2":
        c = nbformat.v4.new_markdown_cell("free task", metadata={"nbgrader": {"task": True, "grade": False, "solution": False,
                                          "locked": True, "grade_id": "task_free", "points": 50, "schema_version": 3}})
        nb.cells.append(c)
    elif kind == "m3":
        for c in nb.cells:
            if c.metadata.get("nbgrader", {}).get("grade_id") == "written_ddp_fit":
                c.metadata["nbgrader"]["points"] = 1e308
    elif kind == "m4":
        src = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q1_correct")
        c = copy.deepcopy(src); c.metadata["nbgrader"]["grade_id"] = "quiz_q1_again"; c.metadata["nbgrader"]["points"] = 30
        nb.cells.append(c)
    return nb
root = make_course("a13")
hand_in(root, "aaron", honest())
for k in ("m1", "m2", "m3", "m4"):
    hand_in(root, "mallory" + k, with_extra(k))
hand_in(root, "zoe", honest())
grade(root)
summary(root)
import sqlite3
con = sqlite3.connect(f"{root}/gradebook.db")
print("max of all grade cells:", con.execute("select sum(max_score) from grade_cells").fetchall())
print("max per student:", con.execute("""select st.id, sum(gc.max_score) from grade g join grade_cells gc on g.cell_id=gc.id
  join submitted_notebook sn on g.notebook_id=sn.id join submitted_assignment sa on sn.assignment_id=sa.id join student st on sa.student_id=st.id group by st.id""").fetchall())
print(open(f"{root}/grades.csv").read())
