"""Shared helpers for round 53 root attacks: build a course under /tmp, hand in notebooks, grade, read results."""
import json, os, shutil, sqlite3, subprocess, sys, time
CLONE = (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..")))
PY = CLONE + "/.venv/bin/python"
sys.path.insert(0, CLONE)
import nbformat
from tools.submissions import fill

ENV_CANARY = {"DATABASE_URL": "postgresql://ta:secret@localhost/x", "AWS_SECRET_ACCESS_KEY": "AKIASECRETCANARY123"}

def make_course(tag):
    d = f"/tmp/attack53-root-{tag}"
    if os.path.exists(d):
        shutil.rmtree(d)
    os.makedirs(d)
    shutil.copy(CLONE + "/nbgrader_config.py", d)
    shutil.copytree(CLONE + "/source", d + "/source")
    shutil.copytree(CLONE + "/release", d + "/release")
    return d

def honest(assign="ps1_memory", overrides=None):
    rel = nbformat.read(f"{CLONE}/release/{assign}/{assign}.ipynb", as_version=4)
    src = nbformat.read(f"{CLONE}/source/{assign}/{assign}.ipynb", as_version=4)
    return fill(rel, src, overrides or {})

def hand_in(course, student, nb, assign="ps1_memory"):
    p = f"{course}/submitted/{student}/{assign}"
    os.makedirs(p, exist_ok=True)
    nbformat.write(nb, f"{p}/{assign}.ipynb")
    return p

def grade(course, assign="ps1_memory", extra=(), env_extra=None, timeout=900):
    env = dict(os.environ); env.update(ENV_CANARY); env.update(env_extra or {})
    t = time.time()
    r = subprocess.run([PY, "-m", "grader.grade", "--course-dir", course, "--workers", "1", *extra, assign],
                       cwd=CLONE, env=env, capture_output=True, text=True, timeout=timeout)
    dt = time.time() - t
    print(f"grade rc={r.returncode} in {dt:.1f}s")
    print("STDOUT tail:\n" + r.stdout[-3000:])
    print("STDERR tail:\n" + r.stderr[-3000:])
    return r, dt

def scores(course):
    import csv
    out = {}
    try:
        for row in csv.DictReader(open(f"{course}/grades.csv")):
            out[row["student_id"]] = (row["raw_score"], row["max_score"])
    except Exception as e:
        out["error"] = repr(e)
    print("SCORES:", out)
    return out

def times(course):
    j = json.load(open(f"{course}/grading_report.json"))
    t = {r["student"]: (round(r["seconds"], 1), r["status"]) for r in j}
    print("TIMES:", t)
    return t

def report(course):
    p = f"{course}/grading_report.json"
    if os.path.exists(p):
        j = json.load(open(p))
        print("REPORT:", json.dumps(j, indent=1)[:3000])
        return j

def quiz_output(course, student="mallory", gid="quiz_q1", assign="ps1_memory"):
    p = f"{course}/autograded/{student}/{assign}/{assign}.ipynb"
    if not os.path.exists(p):
        print("no autograded notebook for", student); return ""
    nb = nbformat.read(p, as_version=4)
    out = []
    for cell in nb.cells:
        if cell.get("metadata", {}).get("nbgrader", {}).get("grade_id") == gid:
            for o in cell.get("outputs", []):
                out.append(o.get("text") or json.dumps(o)[:3000])
    s = "\n".join(out)
    print(f"--- {student} {gid} output ---\n" + s)
    return s

def probe_run(tag, code, others=("aaron", "zoe"), attacker="mallory", timeout=900, env_extra=None, extra=()):
    """aaron (honest), mallory (code in quiz_q1), zoe (honest); graded; returns course."""
    c = make_course(tag)
    hand_in(c, others[0], honest())
    hand_in(c, attacker, honest(overrides={"quiz_q1": code}))
    hand_in(c, others[1], honest())
    r, dt = grade(c, timeout=timeout, env_extra=env_extra, extra=extra)
    scores(c)
    rep = report(c)
    quiz_output(c, attacker)
    return c
