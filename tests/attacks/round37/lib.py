"""Shared harness: build a course under /tmp, add controls + hostile hand-ins, grade as root with canaries."""
import json, os, shutil, sqlite3, subprocess, sys, time, glob
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
import nbformat
from tools.submissions import fill

CLONE = (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..")))
PY = CLONE + "/.venv/bin/python"
A = "ps1_memory"

def course(tag):
    d = f"/tmp/attack37-root-{tag}"
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    shutil.copy(f"{CLONE}/nbgrader_config.py", d)
    shutil.copytree(f"{CLONE}/source", f"{d}/source")
    shutil.copytree(f"{CLONE}/release", f"{d}/release")
    return d

def release(a=A):
    return nbformat.read(f"{CLONE}/release/{a}/{a}.ipynb", 4)

def honest(a=A, overrides=None):
    return fill(release(a), nbformat.read(f"{CLONE}/source/{a}/{a}.ipynb", 4), overrides)

def put(d, student, nb, a=A, raw=None):
    p = f"{d}/submitted/{student}/{a}"
    os.makedirs(p, exist_ok=True)
    if raw is not None:
        open(f"{p}/{a}.ipynb", "w").write(raw)
    else:
        nbformat.write(nb, f"{p}/{a}.ipynb")
    return p

def grade(d, a=A, extra=(), timeout=1200):
    env = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
    t = time.time()
    r = subprocess.run([PY, "-m", "grader.grade", "--course-dir", d, "--workers", "1", *extra, a], cwd=CLONE, env=env,
                       capture_output=True, text=True, timeout=timeout)
    dt = time.time() - t
    print(f"--- grade rc={r.returncode} {dt:.1f}s")
    print(r.stdout[-4000:]); print(r.stderr[-3000:])
    return r

def scores(d, a=A):
    db = sqlite3.connect(f"{d}/gradebook.db")
    q = """select s.student_id, sum(coalesce(g.manual_score, g.auto_score, 0)), sum(coalesce(g.auto_score,0)), count(*)
           from grade g join submitted_notebook n on g.notebook_id=n.id join submitted_assignment s on n.assignment_id=s.id
           group by s.student_id order by s.student_id"""
    out = db.execute(q).fetchall()
    for row in out: print("score", row)
    return {r[0]: r[1] for r in out}

def grep_canaries(d):
    hits = []
    for root, _, files in os.walk(d):
        for f in files:
            p = os.path.join(root, f)
            try: data = open(p, "rb").read()
            except Exception: continue
            for c in (b"AKIASECRETCANARY123", b"ta:secret"):
                if c in data: hits.append((p, c))
    print("canary hits:", hits)
    return hits
