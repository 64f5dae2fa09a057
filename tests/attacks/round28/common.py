"""Shared: build a course under /tmp with honest controls (aaron, zoe) and hostile hand-ins, grade it as root."""
import json, os, shutil, sqlite3, subprocess, sys, time
CLONE = __import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))
sys.path.insert(0, CLONE)
import nbformat
from tools.submissions import fill

ENV = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")


def course(tag, assignment, hostile: dict, extra_args=()):
    root = f"/tmp/attack28-root-{tag}"
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(root)
    shutil.copy(f"{CLONE}/nbgrader_config.py", root)
    shutil.copytree(f"{CLONE}/source", f"{root}/source")
    shutil.copytree(f"{CLONE}/release", f"{root}/release")
    rel = nbformat.read(f"{CLONE}/release/{assignment}/{assignment}.ipynb", 4)
    src = nbformat.read(f"{CLONE}/source/{assignment}/{assignment}.ipynb", 4)
    studs = {"aaron": {}, "zoe": {}}
    studs.update(hostile)
    for name, overrides in studs.items():
        d = f"{root}/submitted/{name}/{assignment}"
        os.makedirs(d)
        nb = fill(rel, src, overrides)
        nbformat.write(nb, f"{d}/{assignment}.ipynb")
    t = time.time()
    p = subprocess.run([f"{CLONE}/.venv/bin/python", "-m", "grader.grade", "--course-dir", root, "--workers", "1",
                        *extra_args, assignment], cwd=CLONE, env=ENV, capture_output=True, text=True)
    dt = time.time() - t
    print(f"grade rc={p.returncode} in {dt:.1f}s")
    print("STDOUT tail:", p.stdout[-3000:])
    print("STDERR tail:", p.stderr[-3000:])
    return root, p


def scores(root):
    db = sqlite3.connect(f"{root}/gradebook.db")
    rows = db.execute("select s.student_id, sum(coalesce(g.auto_score,0)+0) from grade g join submitted_notebook n on g.notebook_id=n.id "
                      "join submitted_assignment s on n.assignment_id=s.id group by s.student_id").fetchall()
    return dict(rows)


def report(root):
    try:
        return json.load(open(f"{root}/grading_report.json"))
    except Exception as e:
        return repr(e)
