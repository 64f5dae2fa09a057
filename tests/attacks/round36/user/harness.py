"""Shared harness: build a course folder under /tmp, hand in notebooks, grade as uid 65534."""
import json, os, shutil, sqlite3, subprocess, sys, time, copy
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
import nbformat
from tools.submissions import fill

CLONE = (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", "..")))
PY = CLONE + "/.venv/bin/python"
A = "ps1_memory"

def release(a=A):
    return nbformat.read(f"{CLONE}/release/{a}/{a}.ipynb", 4)

def honest(a=A):
    return fill(release(a), nbformat.read(f"{CLONE}/source/{a}/{a}.ipynb", 4))

def course(tag):
    d = f"/tmp/attack36-user-{tag}"
    if os.path.exists(d):
        shutil.rmtree(d)
    os.makedirs(d)
    shutil.copy(f"{CLONE}/nbgrader_config.py", d)
    shutil.copytree(f"{CLONE}/source", d + "/source")
    shutil.copytree(f"{CLONE}/release", d + "/release")
    return d

def handin(d, student, nb, a=A, extra=None):
    p = f"{d}/submitted/{student}/{a}"
    os.makedirs(p, exist_ok=True)
    if isinstance(nb, (bytes, str)):
        open(f"{p}/{a}.ipynb", "wb" if isinstance(nb, bytes) else "w").write(nb)
    else:
        nbformat.write(nb, f"{p}/{a}.ipynb")
    for name, data in (extra or {}).items():
        fp = f"{p}/{name}"
        os.makedirs(os.path.dirname(fp), exist_ok=True)
        open(fp, "wb" if isinstance(data, bytes) else "w").write(data)

def chown(d):
    subprocess.run(["chown", "-R", "65534:65534", d], check=True)

def grade(d, a=A, extra_args=(), timeout=1800):
    chown(d)
    env = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123",
               HOME="/tmp")
    t = time.time()
    r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", PY, "-m", "grader.grade",
                        "--course-dir", d, "--workers", "1", *extra_args, a], cwd=CLONE, env=env,
                       capture_output=True, text=True, timeout=timeout)
    el = time.time() - t
    print(f"--- grade rc={r.returncode} in {el:.1f}s")
    print("STDOUT tail:", r.stdout[-3000:])
    print("STDERR tail:", r.stderr[-3000:])
    return r

def scores(d):
    db = sqlite3.connect(f"{d}/gradebook.db")
    q = """select s.id, sum(coalesce(g.manual_score, g.auto_score, 0)), sum(gc.max_score)
    from grade g join submitted_notebook sn on g.notebook_id=sn.id join submitted_assignment sa on sn.assignment_id=sa.id
    join student s on sa.student_id=s.id join grade_cells gc on g.cell_id=gc.id group by s.id order by s.id"""
    try:
        rows = db.execute(q).fetchall()
    except Exception as e:
        rows = [("err", str(e), 0)]
    for r in rows:
        print("SCORE", r)
    return {r[0]: r[1] for r in rows}

def report(d):
    try:
        rep = json.load(open(f"{d}/grading_report.json"))
    except Exception as e:
        print("no report", e); return None
    print("REPORT", json.dumps(rep, indent=1)[:3000])
    return rep
