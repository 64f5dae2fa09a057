"""Shared helper: build a course under /tmp, honest controls aaron/zoe + hostile students, grade as 65534."""
import json, os, shutil, subprocess, sys, time, sqlite3
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
CLONE = (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", "..")))
PY = CLONE + "/.venv/bin/python"
import nbformat
from tools.submissions import fill

def course(tag):
    d = f"/tmp/attack34-user-{tag}"
    if os.path.exists(d):
        shutil.rmtree(d)
    os.makedirs(d)
    shutil.copy(f"{CLONE}/nbgrader_config.py", d)
    shutil.copytree(f"{CLONE}/source", f"{d}/source")
    shutil.copytree(f"{CLONE}/release", f"{d}/release")
    return d

def notebook(assignment="ps1_memory", overrides=None, extra=None):
    rel = nbformat.read(f"{CLONE}/release/{assignment}/{assignment}.ipynb", as_version=4)
    src = nbformat.read(f"{CLONE}/source/{assignment}/{assignment}.ipynb", as_version=4)
    nb = fill(rel, src, overrides or {})
    if extra:  # dict grade_id -> code appended to the answer cell
        for c in nb.cells:
            g = c.get("metadata", {}).get("nbgrader", {}).get("grade_id")
            if g in extra:
                c.source = c.source + "\n" + extra[g]
    return nb

def submit(d, student, nb, assignment="ps1_memory", raw=None):
    p = f"{d}/submitted/{student}/{assignment}"
    os.makedirs(p, exist_ok=True)
    if raw is not None:
        open(f"{p}/{assignment}.ipynb", "wb").write(raw)
    else:
        nbformat.write(nb, f"{p}/{assignment}.ipynb")
    return p

def chown(d):
    subprocess.run(["chown", "-R", "65534:65534", d], check=True)

def grade(d, assignment="ps1_memory", extra_args=(), timeout=1800, env_extra=None):
    chown(d)
    env = dict(os.environ)
    env["DATABASE_URL"] = "postgresql://ta:secret@localhost/x"
    env["AWS_SECRET_ACCESS_KEY"] = "AKIASECRETCANARY123"
    env["HOME"] = "/tmp"
    if env_extra: env.update(env_extra)
    cmd = ["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", PY, "-m", "grader.grade",
           "--course-dir", d, "--workers", "1", *extra_args, assignment]
    t = time.time()
    r = subprocess.run(cmd, cwd=CLONE, env=env, capture_output=True, timeout=timeout)
    el = time.time() - t
    print(f"--- grade rc={r.returncode} in {el:.1f}s")
    print("STDOUT:", r.stdout.decode(errors="replace")[-6000:])
    print("STDERR:", r.stderr.decode(errors="replace")[-4000:])
    return r, el

def scores(d):
    out = {}
    try:
        rep = json.load(open(f"{d}/grading_report.json"))
        print("REPORT:", json.dumps(rep, indent=1)[:5000])
    except Exception as e:
        print("no report", e)
    try:
        db = sqlite3.connect(f"{d}/gradebook.db")
        rows = db.execute("""select s.student_id, sum(coalesce(g.manual_score, g.auto_score,0)) from grade g
             join submitted_notebook n on g.notebook_id=n.id join submitted_assignment s on n.assignment_id=s.id
             group by s.student_id""").fetchall()
        for r in rows:
            out[r[0]] = r[1]
        print("SCORES:", out)
    except Exception as e:
        print("db err", e)
    return out

def canary_scan(d):
    r = subprocess.run(["grep", "-rlaE", "AKIASECRETCANARY|ta:secret", d], capture_output=True, text=True)
    print("CANARY hits:", r.stdout.strip() or "none")
