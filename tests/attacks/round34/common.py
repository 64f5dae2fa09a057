"""Shared harness for round-32 root attacks: build a /tmp course, hand in notebooks, grade via the real path."""
import json, os, shutil, sqlite3, subprocess, sys, time, copy
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
import nbformat
from tools.submissions import fill, _nbgrader_meta

CLONE = (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..")))
PY = CLONE + "/.venv/bin/python"
A = "ps1_memory"

def release_source():
    src = nbformat.read(f"{CLONE}/source/{A}/{A}.ipynb", 4)
    rel = nbformat.read(f"{CLONE}/release/{A}/{A}.ipynb", 4)
    return src, rel

def honest():
    src, rel = release_source()
    return fill(rel, src, {})

def hostile(append=None, overrides=None, prepend=None):
    """Solution notebook with code appended to given answer cells (grade_id -> code)."""
    src, rel = release_source()
    nb = fill(rel, src, overrides or {})
    for c in nb.cells:
        gid = _nbgrader_meta(c).get("grade_id")
        if append and gid in append:
            c.source += "\n" + append[gid]
        if prepend and gid in prepend:
            c.source = prepend[gid] + "\n" + c.source
    return nb

def make_course(tag):
    d = f"/tmp/attack34-root-{tag}"
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    shutil.copy(f"{CLONE}/nbgrader_config.py", d)
    shutil.copytree(f"{CLONE}/source", f"{d}/source")
    shutil.copytree(f"{CLONE}/release", f"{d}/release")
    return d

def hand_in(course, student, nb):
    f = f"{course}/submitted/{student}/{A}"
    os.makedirs(f, exist_ok=True)
    nbformat.write(nb, f"{f}/{A}.ipynb")

def grade(course, extra=(), timeout=1800, env_extra=None):
    env = dict(os.environ)
    env["DATABASE_URL"] = "postgresql://ta:secret@localhost/x"
    env["AWS_SECRET_ACCESS_KEY"] = "AKIASECRETCANARY123"
    env.update(env_extra or {})
    t = time.time()
    p = subprocess.run([PY, "-m", "grader.grade", "--course-dir", course, "--workers", "1", *extra, A],
                       cwd=CLONE, env=env, capture_output=True, text=True, timeout=timeout)
    dt = time.time() - t
    print(f"grade rc={p.returncode} wall={dt:.1f}s")
    print("stdout tail:", p.stdout[-3000:])
    print("stderr tail:", p.stderr[-3000:])
    return p, dt

def scores(course):
    db = sqlite3.connect(f"{course}/gradebook.db")
    rows = db.execute("""select s.student_id, sum(coalesce(g.manual_score,g.auto_score,0)) from grade g
        join submitted_notebook n on g.notebook_id=n.id join submitted_assignment s on n.assignment_id=s.id
        group by s.student_id order by s.student_id""").fetchall()
    out = {r[0]: r[1] for r in rows}
    print("scores:", out)
    try:
        rep = json.load(open(f"{course}/grading_report.json"))
        print("report:", json.dumps(rep, indent=1)[:4000])
    except Exception as e:
        print("no report", e)
    return out

def leak_scan(course, needles=("AKIASECRETCANARY123", "ta:secret")):
    hits = []
    for root, _, files in os.walk(course):
        for f in files:
            p = os.path.join(root, f)
            try:
                data = open(p, "rb").read()
            except Exception:
                continue
            for n in needles:
                if n.encode() in data:
                    hits.append((p, n))
    print("canary hits:", hits)
    return hits

def outputs_grep(course, student, grep=None):
    nb = nbformat.read(f"{course}/autograded/{student}/{A}/{A}.ipynb", 4)
    out = []
    for i, c in enumerate(nb.cells):
        for o in c.get("outputs", []):
            t = o.get("text") or "".join(o.get("traceback", [])) or str(o.get("data", {}).get("text/plain", "")) or o.get("evalue", "")
            if isinstance(t, list):
                t = "".join(t)
            if grep is None or grep in t:
                out.append((i, t))
    return out
