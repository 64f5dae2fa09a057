"""Shared harness: build a course folder under /tmp, hand in controls + hostile, grade as uid 65534."""
import json, os, shutil, sqlite3, subprocess, sys, time
CLONE = os.environ.get("ATTACK_USER_CLONE") or os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", ".."))
sys.path.insert(0, CLONE)
import nbformat
from tools.submissions import fill

ENV = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")

def build(tag, hostile: dict, assignment="ps1_memory"):
    """hostile: {student: {grade_id: code} or nbformat notebook}"""
    root = f"/tmp/attack28-user-{tag}"
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(root)
    shutil.copy(f"{CLONE}/nbgrader_config.py", root)
    shutil.copytree(f"{CLONE}/source", f"{root}/source")
    shutil.copytree(f"{CLONE}/release", f"{root}/release")
    rel = nbformat.read(f"{CLONE}/release/{assignment}/{assignment}.ipynb", 4)
    src = nbformat.read(f"{CLONE}/source/{assignment}/{assignment}.ipynb", 4)
    students = {"aaron": {}, "zoe": {}}
    students.update(hostile)
    for s, ov in students.items():
        d = f"{root}/submitted/{s}/{assignment}"
        os.makedirs(d)
        nb = ov if isinstance(ov, nbformat.NotebookNode) else fill(rel, src, ov)
        nbformat.write(nb, f"{d}/{assignment}.ipynb")
    subprocess.run(["chown", "-R", "65534:65534", root], check=True)
    return root

def grade(root, assignment="ps1_memory", extra=(), timeout=1500):
    cmd = ["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups",
           f"{CLONE}/.venv/bin/python", "-m", "grader.grade", "--course-dir", root, "--workers", "1", *extra, assignment]
    t = time.time()
    p = subprocess.run(cmd, cwd=CLONE, env=ENV, capture_output=True, text=True, timeout=timeout)
    dt = time.time() - t
    print(f"grade rc={p.returncode} in {dt:.1f}s")
    print("stdout tail:", p.stdout[-3000:])
    print("stderr tail:", p.stderr[-3000:])
    return p, dt

def scores(root):
    out = {}
    db = f"{root}/gradebook.db"
    if os.path.exists(db):
        c = sqlite3.connect(db)
        try:
            rows = c.execute("select student.id, sum(grade.auto_score), sum(grade.manual_score) from grade join submitted_notebook on grade.notebook_id=submitted_notebook.id join submitted_assignment on submitted_notebook.assignment_id=submitted_assignment.id join student on submitted_assignment.student_id=student.id group by student.id").fetchall()
            out = {r[0]: r[1] for r in rows}
        except Exception as e:
            out = {"err": str(e)}
    print("scores:", out)
    rp = f"{root}/grading_report.json"
    if os.path.exists(rp):
        print("report:", open(rp).read()[:3000])
    return out

def cell_scores(root, student):
    c = sqlite3.connect(f"{root}/gradebook.db")
    rows = c.execute("select base_cell.name, grade.auto_score from grade join base_cell on grade.cell_id=base_cell.id join submitted_notebook on grade.notebook_id=submitted_notebook.id join submitted_assignment on submitted_notebook.assignment_id=submitted_assignment.id where submitted_assignment.student_id=?", (student,)).fetchall()
    return dict(rows)
