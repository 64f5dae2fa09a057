"""Harness (ordinary user): build a course under /tmp owned by 65534, hand in controls + hostile notebooks,
grade as uid 65534 with canaries in the environment, summarise."""
import json, os, shutil, sqlite3, subprocess, sys, time, glob
CLONE = (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", "..")))
sys.path.insert(0, CLONE)
import nbformat
from tools.submissions import fill, solution_text

ENV = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
ENV["HOME"] = "/tmp/attack53-user-home"; os.makedirs("/tmp/attack53-user-home", mode=0o700, exist_ok=True); os.chown("/tmp/attack53-user-home", 65534, 65534)
SETPRIV = ["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups"]

def chown_r(p):
    for root, dirs, files in os.walk(p):
        os.chown(root, 65534, 65534)
        for f in files:
            os.lchown(os.path.join(root, f), 65534, 65534)

def course(tag):
    d = f"/tmp/attack53-user-{tag}"
    subprocess.run(["rm", "-rf", d])
    os.makedirs(d)
    shutil.copy(f"{CLONE}/nbgrader_config.py", d)
    shutil.copytree(f"{CLONE}/source", f"{d}/source")
    shutil.copytree(f"{CLONE}/release", f"{d}/release")
    chown_r(d)
    return d

def nb_for(assignment, overrides=None):
    rel = nbformat.read(f"{CLONE}/release/{assignment}/{assignment}.ipynb", 4)
    src = nbformat.read(f"{CLONE}/source/{assignment}/{assignment}.ipynb", 4)
    return fill(rel, src, overrides or {})

def sol(assignment, grade_id):
    src = nbformat.read(f"{CLONE}/source/{assignment}/{assignment}.ipynb", 4)
    for c in src.cells:
        if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id:
            return solution_text(c)
    raise KeyError(grade_id)

def with_payload(assignment, grade_id, code):
    return {grade_id: code + "\n" + sol(assignment, grade_id)}

def hand_in(d, student, assignment, nb):
    p = f"{d}/submitted/{student}/{assignment}"
    os.makedirs(p, exist_ok=True)
    f = f"{p}/{assignment}.ipynb"
    if isinstance(nb, (bytes, str)):
        open(f, "wb" if isinstance(nb, bytes) else "w").write(nb)
    else:
        nbformat.write(nb, f)
    chown_r(f"{d}/submitted")
    return p

def grade(d, assignment, extra=(), timeout=1800, quiet=False):
    t = time.time()
    r = subprocess.run(SETPRIV + [f"{CLONE}/.venv/bin/python", "-m", "grader.grade", "--course-dir", d, "--workers", "1", *extra, assignment],
                       cwd=CLONE, env=ENV, capture_output=True, text=True, timeout=timeout)
    el = time.time() - t
    print(f"grade rc={r.returncode} in {el:.1f}s")
    if not quiet:
        print("STDOUT tail:\n" + r.stdout[-2500:])
        print("STDERR tail:\n" + r.stderr[-2500:])
    return r

def scores(d, assignment):
    db = sqlite3.connect(f"{d}/gradebook.db")
    q = """select student.id, sum(coalesce(grade.manual_score, grade.auto_score, 0)) from grade
    join submitted_notebook on grade.notebook_id=submitted_notebook.id
    join submitted_assignment on submitted_notebook.assignment_id=submitted_assignment.id
    join student on submitted_assignment.student_id=student.id
    join assignment on submitted_assignment.assignment_id=assignment.id
    where assignment.name=? group by student.id order by student.id"""
    try:
        rows = db.execute(q, (assignment,)).fetchall()
    except Exception as e:
        rows = [("error", str(e))]
    print("gradebook:", rows)
    try:
        rep = json.load(open(f"{d}/grading_report.json"))
        print("report:", json.dumps(rep)[:1500])
    except Exception as e:
        print("no report", e)
    return dict(rows)

def outputs(d, student, assignment):
    res = []
    for f in glob.glob(f"{d}/autograded/{student}/{assignment}/*.ipynb"):
        nb = nbformat.read(f, 4)
        for c in nb.cells:
            for o in c.get("outputs", []):
                res.append(o.get("text") or json.dumps(o.get("data", {}))[:20000] or json.dumps(o)[:2000])
    return "\n".join(res)

def leaks(d):
    hits = []
    import sys as _s; _s.setrecursionlimit(100000)
    for root, dirs, files in os.walk(d):
        if "/source" in root or "/release" in root: continue
        for f in files:
            p = os.path.join(root, f)
            try: b = open(p, "rb").read()
            except Exception: continue
            for c in (b"AKIASECRETCANARY123", b"ta:secret", b"BEGIN HIDDEN TESTS"):
                if c in b: hits.append((p, c))
    print("canary hits:", hits)
    return hits

def run_class(tag, assignment, hostile, extra=(), controls=("aaron", "zoe"), timeout=1800):
    d = course(tag)
    for c in controls:
        hand_in(d, c, assignment, nb_for(assignment))
    for s, ov in hostile.items():
        hand_in(d, s, assignment, nb_for(assignment, ov) if isinstance(ov, dict) else ov)
    r = grade(d, assignment, extra, timeout=timeout)
    sc = scores(d, assignment)
    return d, r, sc
