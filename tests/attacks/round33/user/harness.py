"""Harness: build a course folder under /tmp with controls aaron, zoe + hostile students, grade as 65534."""
import json, os, shutil, sqlite3, subprocess, sys, time, re
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
import nbformat
from tools.submissions import fill

CLONE = (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", "..")))
PY = CLONE + "/.venv/bin/python"

def make_course(tag, assignment, hostile, controls=("aaron", "zoe"), extra_files=None):
    """hostile: {student: {grade_id: source}} ; extra_files: {student: {relpath: bytes}}"""
    d = f"/tmp/attack33-user-{tag}"
    if os.path.exists(d):
        shutil.rmtree(d)
    os.makedirs(d)
    shutil.copy(CLONE + "/nbgrader_config.py", d)
    shutil.copytree(CLONE + "/source", d + "/source")
    shutil.copytree(CLONE + "/release", d + "/release")
    rel = nbformat.read(f"{CLONE}/release/{assignment}/{assignment}.ipynb", 4)
    src = nbformat.read(f"{CLONE}/source/{assignment}/{assignment}.ipynb", 4)
    students = {c: {} for c in controls}
    students.update(hostile)
    for s, ov in students.items():
        p = f"{d}/submitted/{s}/{assignment}"
        os.makedirs(p)
        nb = fill(rel, src, ov)
        nbformat.write(nb, f"{p}/{assignment}.ipynb")
        for rp, data in (extra_files or {}).get(s, {}).items():
            fp = os.path.join(p, rp); os.makedirs(os.path.dirname(fp), exist_ok=True)
            open(fp, "wb").write(data)
    subprocess.run(["chown", "-R", "65534:65534", d], check=True)
    return d

def grade(d, assignment, extra_args=(), timeout=1200):
    env = dict(os.environ)
    env["DATABASE_URL"] = "postgresql://ta:secret@localhost/x"
    env["AWS_SECRET_ACCESS_KEY"] = "AKIASECRETCANARY123"
    cmd = ["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups",
           PY, "-m", "grader.grade", "--course-dir", d, "--workers", "1", *extra_args, assignment]
    t = time.time()
    r = subprocess.run(cmd, cwd=CLONE, env=env, capture_output=True, text=True, timeout=timeout)
    el = time.time() - t
    print(f"grade rc={r.returncode} elapsed={el:.1f}s")
    print("STDOUT tail:", r.stdout[-3000:])
    print("STDERR tail:", r.stderr[-3000:])
    return r, el

def scores(d, assignment):
    out = {}
    try:
        rep = json.load(open(f"{d}/grading_report.json"))
        print("REPORT:", json.dumps(rep, indent=1)[:3000])
    except Exception as e:
        print("no report", e)
    try:
        db = sqlite3.connect(f"{d}/gradebook.db")
        q = """select student.id, sum(coalesce(grade.manual_score, grade.auto_score)) from grade
          join submitted_notebook on grade.notebook_id=submitted_notebook.id
          join submitted_assignment on submitted_notebook.assignment_id=submitted_assignment.id
          join student on submitted_assignment.student_id=student.id group by student.id"""
        for sid, sc in db.execute(q):
            out[sid] = sc
    except Exception as e:
        print("db err", e)
    print("SCORES:", out)
    return out

def canary_scan(d):
    hits = []
    for root, _, files in os.walk(d):
        for f in files:
            p = os.path.join(root, f)
            try:
                b = open(p, "rb").read()
            except Exception:
                continue
            for c in (b"AKIASECRETCANARY123", b"ta:secret", b"### BEGIN HIDDEN TESTS"):
                if c in b and "/source/" not in p and "/release/" not in p:
                    hits.append((p, c))
    print("CANARY HITS:", hits)
    return hits

def sol(assignment, gid):
    from tools.submissions import solution_text
    src = nbformat.read(f"{CLONE}/source/{assignment}/{assignment}.ipynb", 4)
    for c in src.cells:
        if c.metadata.get("nbgrader", {}).get("grade_id") == gid:
            return solution_text(c)
    raise KeyError(gid)

def outputs(d, student, assignment, gid=None):
    p = f"{d}/autograded/{student}/{assignment}/{assignment}.ipynb"
    try:
        nb = nbformat.read(p, 4)
    except Exception as e:
        print("no autograded nb", e); return ""
    txt = ""
    for c in nb.cells:
        if gid and c.metadata.get("nbgrader", {}).get("grade_id") != gid:
            continue
        for o in c.get("outputs", []):
            txt += o.get("text", "") + json.dumps(o.get("data", {}))[:20000] + o.get("evalue", "") + "\n"
    return txt
