"""Shared harness: build a course under /tmp, put controls + hostile hand-ins, grade, summarize."""
import json, os, shutil, sqlite3, subprocess, sys, time
CLONE = (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..")))
sys.path.insert(0, CLONE)
import nbformat
from tools.submissions import fill

def make_course(tag, assignment="ps1_memory"):
    d = f"/tmp/attack39-root-{tag}"
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    shutil.copy(f"{CLONE}/nbgrader_config.py", d)
    shutil.copytree(f"{CLONE}/source", f"{d}/source")
    shutil.copytree(f"{CLONE}/release", f"{d}/release")
    return d

def solution_nb(assignment="ps1_memory", overrides=None):
    rel = nbformat.read(f"{CLONE}/release/{assignment}/{assignment}.ipynb", as_version=4)
    src = nbformat.read(f"{CLONE}/source/{assignment}/{assignment}.ipynb", as_version=4)
    return fill(rel, src, overrides)

def put(d, student, nb, assignment="ps1_memory", extra=None):
    p = f"{d}/submitted/{student}/{assignment}"
    os.makedirs(p, exist_ok=True)
    if isinstance(nb, (str, bytes)):
        open(f"{p}/{assignment}.ipynb", "w" if isinstance(nb, str) else "wb").write(nb)
    else:
        nbformat.write(nb, f"{p}/{assignment}.ipynb")
    for name, content in (extra or {}).items():
        open(f"{p}/{name}", "w").write(content)
    return p

def grade(d, assignment="ps1_memory", extra_args=(), timeout=1800, env_extra=None):
    env = dict(os.environ)
    env["DATABASE_URL"] = "postgresql://ta:secret@localhost/x"
    env["AWS_SECRET_ACCESS_KEY"] = "AKIASECRETCANARY123"
    env.update(env_extra or {})
    t = time.time()
    r = subprocess.run([f"{CLONE}/.venv/bin/python", "-m", "grader.grade", "--course-dir", d, *(extra_args or ("--workers", "1")), assignment],
                       cwd=CLONE, env=env, capture_output=True, text=True, timeout=timeout)
    dt = time.time() - t
    print(f"grade rc={r.returncode} in {dt:.1f}s")
    print("STDOUT tail:\n" + r.stdout[-3000:])
    print("STDERR tail:\n" + r.stderr[-3000:])
    return r

def scores(d):
    out = {}
    try:
        rep = json.load(open(f"{d}/grading_report.json"))
        print("report:", json.dumps(rep, indent=1)[:3000])
    except Exception as e:
        print("no report", e)
    db = f"{d}/gradebook.db"
    if os.path.exists(db):
        c = sqlite3.connect(db)
        q = """select student.id, assignment.name, sum(coalesce(grade.manual_score, grade.auto_score,0)) from grade
               join submitted_notebook on grade.notebook_id=submitted_notebook.id
               join submitted_assignment on submitted_notebook.assignment_id=submitted_assignment.id
               join student on submitted_assignment.student_id=student.id
               join assignment on submitted_assignment.assignment_id=assignment.id group by 1,2"""
        try:
            for row in c.execute(q):
                print("gradebook:", row); out[row[0]] = row[2]
        except Exception as e:
            print("db err", e)
    return out

def canary_scan(d):
    hits = subprocess.run(["grep", "-rl", "-e", "AKIASECRETCANARY123", "-e", "ta:secret", d], capture_output=True, text=True).stdout
    print("canary hits in course:", hits or "none")

def probe_nb(code, cell="training_memory"):
    """The honest solution with `code` run first in one answer cell (its prints land in the graded notebook)."""
    nb = solution_nb()
    for c in nb.cells:
        if c.metadata.get("nbgrader", {}).get("grade_id") == cell:
            c.source = code + "\n\n" + c.source
    return nb

def outputs(d, student="mallory", assignment="ps1_memory"):
    p = f"{d}/autograded/{student}/{assignment}/{assignment}.ipynb"
    if not os.path.exists(p):
        print("no graded notebook for", student); return ""
    nb = nbformat.read(p, as_version=4)
    text = ""
    for c in nb.cells:
        for o in c.get("outputs", []):
            text += o.get("text", "") or json.dumps(o.get("data", {}))[:2000] + o.get("evalue", "")
    return text

def run_class(tag, hostile, assignment="ps1_memory", extra_args=None, prefix=()):
    d = make_course(tag, assignment)
    good = solution_nb(assignment)
    put(d, "aaron", good, assignment)
    put(d, "mallory", hostile, assignment)
    put(d, "zoe", good, assignment)
    env = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
    t = time.time()
    r = subprocess.run([*prefix, f"{CLONE}/.venv/bin/python", "-m", "grader.grade", "--course-dir", d, *(extra_args or ("--workers", "1")), assignment],
                       cwd=CLONE, env=env, capture_output=True, text=True, timeout=3600)
    print(f"grade rc={r.returncode} in {time.time()-t:.1f}s")
    print("\n".join(l for l in r.stdout.splitlines() if l.startswith(("aaron", "mallory", "zoe", "student"))))
    if r.returncode: print(r.stderr[-2000:])
    try:
        for e in json.load(open(f"{d}/grading_report.json")):
            print("report:", e["student"], e["status"], round(e["seconds"], 1), e["reason"][:300])
    except Exception as e:
        print("no report", e)
    canary_scan(d)
    return d
