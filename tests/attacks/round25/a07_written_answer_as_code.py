"""a07: points without the work through a cell's type, which the pre-read check does not compare (it compares
grade ids and the grade/solution/task flags): the two written answers of ps1 (markdown cells with grade and solution
set, 3 points each, graded by hand) are handed in as *code* cells, same metadata, source `pass`. nbgrader scores a
grade+solution code cell ("autograded answer") by whether it raised; the grader says scores come from verdicts only.
Also MODE=test: the untouched release with every test cell turned into a markdown cell (nothing runs, nothing raises).
Mallory + honest control."""
import os, sys, copy
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common25 import *  # noqa
from common25 import ROOT  # noqa

A = "ps1_memory"
MODE = os.environ.get("MODE", "written")


def hostile():
    from tools.submissions import source_and_release
    import nbformat
    s, r = source_and_release(A)
    nb = copy.deepcopy(r)
    cells = []
    for c in nb.cells:
        m = c.get("metadata", {}).get("nbgrader", {})
        if MODE == "written" and c.cell_type == "markdown" and m.get("grade") and m.get("solution"):
            c = nbformat.v4.new_code_cell("pass", metadata=c.metadata)
        elif MODE == "test" and c.cell_type == "code" and m.get("grade") and not m.get("solution"):
            c = nbformat.v4.new_markdown_cell(c.source, metadata=c.metadata)
        cells.append(c)
    nb.cells = cells
    return nb


def main():
    dest = f"/tmp/attack25-a07-{MODE}"
    course(dest, {"mallory": hostile(), "zz_honest": honest(A)}, A)
    rc = grade(dest)
    sc = scores(dest)
    import glob, json
    try:
        rep = json.load(open(os.path.join(dest, "grading_report.json")))
        for r in (rep if isinstance(rep, list) else rep.get("submissions", [])):
            print("REPORT", json.dumps(r)[:600])
    except Exception as ex:
        print("no report", ex)
    import sqlite3
    db = sqlite3.connect(os.path.join(dest, "gradebook.db"))
    try:
        for row in db.execute("select student.id, grade_cell.name, grade.auto_score, grade.manual_score, grade.needs_manual_grade "
                              "from grade join grade_cell on grade.cell_id = grade_cell.id join submitted_notebook on grade.notebook_id = submitted_notebook.id "
                              "join submitted_assignment on submitted_notebook.assignment_id = submitted_assignment.id join student on submitted_assignment.student_id = student.id "
                              "where grade_cell.name like 'written%' or grade.auto_score > 0"):
            print("GRADEBOOK", row)
    except Exception as ex:
        print("gradebook query failed", ex)
    print(f"RESULT: rc={rc} scores {[(s, v['score'], v['max']) for s, v in sorted(sc.items())]}")
    cleanup(dest)


if __name__ == "__main__":
    main()
