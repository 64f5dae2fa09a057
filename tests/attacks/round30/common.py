"""Shared: build a course under /tmp with honest controls (aaron, zoe) and hostile hand-ins, grade it as root."""
import json, os, shutil, sqlite3, subprocess, sys, time
CLONE = __import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))
sys.path.insert(0, CLONE)
import nbformat
from tools.submissions import fill, solution_text

ENV = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")


def solutions(assignment="ps1_memory"):
    src = nbformat.read(f"{CLONE}/source/{assignment}/{assignment}.ipynb", 4)
    return {c.metadata["nbgrader"]["grade_id"]: solution_text(c) for c in src.cells
            if c.metadata.get("nbgrader", {}).get("solution") and c.cell_type == "code"}


def course(tag, assignment, hostile: dict, extra_args=(), raw=None):
    """hostile: name -> overrides for fill(); raw: name -> function(nb) -> nb applied after fill."""
    root = f"/tmp/attack30-root-{tag}"
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
        if raw and name in raw:
            nb = raw[name](nb)
        nbformat.write(nb, f"{d}/{assignment}.ipynb")
    t = time.time()
    p = subprocess.run([f"{CLONE}/.venv/bin/python", "-m", "grader.grade", "--course-dir", root, "--workers", "1",
                        *extra_args, assignment], cwd=CLONE, env=ENV, capture_output=True, text=True)
    dt = time.time() - t
    print(f"grade rc={p.returncode} in {dt:.1f}s")
    print("STDOUT tail:", p.stdout[-2500:])
    print("STDERR tail:", p.stderr[-2500:])
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


def outputs(root, student, assignment="ps1_memory", grep=None):
    """Every text output of the autograded notebook (optionally only those containing grep)."""
    p = f"{root}/autograded/{student}/{assignment}/{assignment}.ipynb"
    nb = nbformat.read(p, 4)
    out = []
    for i, c in enumerate(nb.cells):
        for o in c.get("outputs", []):
            t = o.get("text") or "".join(o.get("traceback", [])) or str(o.get("data", {}).get("text/plain", "")) or o.get("evalue", "")
            if isinstance(t, list):
                t = "".join(t)
            if grep is None or grep in t:
                out.append((i, t))
    return out
