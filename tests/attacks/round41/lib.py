"""Shared harness: build a course folder under /tmp, hand in controls + hostile, grade, report."""
import json, os, shutil, sqlite3, subprocess, sys, time
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
CLONE = (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..")))
PY = CLONE + "/.venv/bin/python"
import nbformat
from tools.submissions import fill

def make_course(tag, assignment="ps1_memory"):
    d = f"/tmp/attack41-root-{tag}"
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    shutil.copy(CLONE + "/nbgrader_config.py", d)
    shutil.copytree(CLONE + "/source", d + "/source")
    shutil.copytree(CLONE + "/release", d + "/release")
    return d

def notebook(assignment="ps1_memory", overrides=None):
    rel = nbformat.read(f"{CLONE}/release/{assignment}/{assignment}.ipynb", 4)
    src = nbformat.read(f"{CLONE}/source/{assignment}/{assignment}.ipynb", 4)
    return fill(rel, src, overrides or {})

def hand_in(d, student, nb, assignment="ps1_memory"):
    p = f"{d}/submitted/{student}/{assignment}"
    os.makedirs(p, exist_ok=True)
    if isinstance(nb, (str, bytes)):
        open(f"{p}/{assignment}.ipynb", "w" if isinstance(nb, str) else "wb").write(nb)
    else:
        nbformat.write(nb, f"{p}/{assignment}.ipynb")
    return p

def grade(d, assignment="ps1_memory", extra=(), timeout=1800, env_extra=None):
    env = dict(os.environ)
    env["DATABASE_URL"] = "postgresql://ta:secret@localhost/x"
    env["AWS_SECRET_ACCESS_KEY"] = "AKIASECRETCANARY123"
    env.update(env_extra or {})
    t = time.time()
    r = subprocess.run([PY, "-m", "grader.grade", "--course-dir", d, "--workers", "1", *extra, assignment],
                       cwd=CLONE, env=env, capture_output=True, text=True, timeout=timeout)
    dt = time.time() - t
    print(f"grade rc={r.returncode} in {dt:.1f}s")
    print("STDOUT tail:\n" + r.stdout[-3000:])
    print("STDERR tail:\n" + r.stderr[-3000:])
    return r, dt

def scores(d):
    out = {}
    db = sqlite3.connect(f"{d}/gradebook.db")
    try:
        rows = db.execute("""select s.student_id, sum(coalesce(g.manual_score, g.auto_score, 0)), sum(gc.max_score)
          from grade g join submitted_notebook sn on g.notebook_id=sn.id join submitted_assignment s on sn.assignment_id=s.id
          join grade_cells gc on g.cell_id=gc.id group by s.student_id""").fetchall()
    except Exception as e:
        rows = [("ERR", str(e), 0)]
    for sid, sc, mx in rows:
        out[sid] = (sc, mx)
    print("SCORES", out)
    try:
        rep = json.load(open(f"{d}/grading_report.json"))
        print("REPORT", json.dumps(rep)[:2000])
    except Exception as e:
        print("no report", e)
    return out

def grep_canary(d):
    hits = subprocess.run(["grep", "-rl", "-e", "AKIASECRETCANARY", "-e", "ta:secret", d], capture_output=True, text=True).stdout
    print("CANARY hits in course dir:", hits or "none")
    return hits

def outputs(d, student, assignment="ps1_memory", want=None):
    p = f"{d}/autograded/{student}/{assignment}/{assignment}.ipynb"
    if not os.path.exists(p):
        print("no autograded nb for", student); return []
    nb = nbformat.read(p, 4)
    res = []
    for c in nb.cells:
        if c.cell_type != "code": continue
        for o in c.get("outputs", []):
            t = o.get("text") or json.dumps(o.get("data", {})) or ""
            if want is None or want in t:
                res.append(t)
    return res
