"""Shared harness: build a course under /tmp, hand in controls + hostile notebooks, grade, summarise."""
import json, os, shutil, sqlite3, subprocess, sys, time
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..")))))
import nbformat
from tools.submissions import fill

CLONE = (__import__("os").environ.get("ATTACK_ROOT_CLONE") or (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
ENV = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")

def course(tag):
    d = f"/tmp/attack47-root-{tag}"
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    shutil.copy(f"{CLONE}/nbgrader_config.py", d)
    shutil.copytree(f"{CLONE}/source", f"{d}/source")
    shutil.copytree(f"{CLONE}/release", f"{d}/release")
    return d

def nb_for(assignment, overrides=None, extra_cells=None):
    rel = nbformat.read(f"{CLONE}/release/{assignment}/{assignment}.ipynb", 4)
    src = nbformat.read(f"{CLONE}/source/{assignment}/{assignment}.ipynb", 4)
    nb = fill(rel, src, overrides or {})
    return nb

def hand_in(d, student, assignment, nb):
    p = f"{d}/submitted/{student}/{assignment}"
    os.makedirs(p, exist_ok=True)
    if isinstance(nb, (bytes, str)):
        open(f"{p}/{assignment}.ipynb", "wb" if isinstance(nb, bytes) else "w").write(nb)
    else:
        nbformat.write(nb, f"{p}/{assignment}.ipynb")
    return p

def grade(d, assignment, extra=(), timeout=1800):
    t = time.time()
    r = subprocess.run([f"{CLONE}/.venv/bin/python", "-m", "grader.grade", "--course-dir", d, "--workers", "1", *extra, assignment],
                       cwd=CLONE, env=ENV, capture_output=True, text=True, timeout=timeout)
    el = time.time() - t
    print(f"grade rc={r.returncode} in {el:.1f}s")
    print("STDOUT tail:\n" + r.stdout[-3000:])
    print("STDERR tail:\n" + r.stderr[-3000:])
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
        print("report:", json.dumps(rep)[:2000])
    except Exception as e:
        print("no report", e)
    return dict(rows)

def run_class(tag, assignment, hostile, extra=(), controls=("aaron", "zoe")):
    """hostile: dict student -> overrides for nb_for; controls get the solution."""
    d = course(tag)
    for c in controls:
        hand_in(d, c, assignment, nb_for(assignment))
    for s, ov in hostile.items():
        hand_in(d, s, assignment, nb_for(assignment, ov) if isinstance(ov, dict) else ov)
    r = grade(d, assignment, extra)
    sc = scores(d, assignment)
    return d, r, sc

def feedback_text(d, student, assignment):
    import glob
    out = []
    for f in glob.glob(f"{d}/feedback/{student}/{assignment}/*.html"):
        out.append(open(f).read())
    return "\n".join(out)

def sol(assignment, grade_id):
    from tools.submissions import solution_text
    src = nbformat.read(f"{CLONE}/source/{assignment}/{assignment}.ipynb", 4)
    for c in src.cells:
        if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id:
            return solution_text(c)
    raise KeyError(grade_id)

def with_payload(assignment, grade_id, code):
    """The solution of grade_id with `code` run before it."""
    return {grade_id: code + "\n" + sol(assignment, grade_id)}

def outputs(d, student, assignment):
    import glob
    res = []
    for f in glob.glob(f"{d}/autograded/{student}/{assignment}/*.ipynb"):
        nb = nbformat.read(f, 4)
        for c in nb.cells:
            for o in c.get("outputs", []):
                res.append(o.get("text") or json.dumps(o.get("data", {}))[:5000] or json.dumps(o)[:2000])
    return "\n".join(res)

def grade_timed(d, assignment, extra=(), timeout=1800):
    """grade() with each progress line of stderr time-stamped (seconds since the start)."""
    import subprocess, threading
    t = time.time()
    p = subprocess.Popen([f"{CLONE}/.venv/bin/python", "-m", "grader.grade", "--course-dir", d, "--workers", "1", *extra, assignment],
                         cwd=CLONE, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = []
    def rd():
        for line in p.stderr:
            lines.append((round(time.time() - t, 1), line.rstrip()))
    th = threading.Thread(target=rd); th.start()
    out = p.stdout.read()
    p.wait(timeout); th.join()
    print(f"grade rc={p.returncode} in {time.time()-t:.1f}s")
    for ts, l in lines:
        if "graded" in l or "fail" in l.lower():
            print(f"  t={ts:6.1f}s {l}")
    return p, lines
