"""Shared harness for round 40 (root): build a course under /tmp, hand in honest + hostile notebooks, grade, report."""
import json, os, shutil, sqlite3, subprocess, sys, time

CLONE = (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..")))
PY = CLONE + "/.venv/bin/python"
sys.path.insert(0, CLONE)
import nbformat  # noqa
from tools.submissions import fill  # noqa

A = "ps1_memory"
ENV_CANARY = {"DATABASE_URL": "postgresql://ta:secret@localhost/x", "AWS_SECRET_ACCESS_KEY": "AKIASECRETCANARY123"}


def make_course(tag):
    root = f"/tmp/attack40-root-{tag}"
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(root)
    shutil.copy(f"{CLONE}/nbgrader_config.py", root)
    shutil.copytree(f"{CLONE}/source", f"{root}/source")
    shutil.copytree(f"{CLONE}/release", f"{root}/release")
    return root


def nbs(a=A):
    rel = nbformat.read(f"{CLONE}/release/{a}/{a}.ipynb", as_version=4)
    src = nbformat.read(f"{CLONE}/source/{a}/{a}.ipynb", as_version=4)
    return rel, src


def honest(a=A):
    rel, src = nbs(a)
    return fill(rel, src)


def hostile(prefix_code, cell="training_memory", a=A, suffix=""):
    """honest notebook whose `cell` answer gets prefix_code before the solution."""
    nb = honest(a)
    for c in nb.cells:
        if c.metadata.get("nbgrader", {}).get("grade_id") == cell:
            c.source = prefix_code + "\n" + c.source + "\n" + suffix
    return nb


def hand_in(root, student, nb, a=A):
    d = f"{root}/submitted/{student}/{a}"
    os.makedirs(d, exist_ok=True)
    if isinstance(nb, (str, bytes)):
        with open(f"{d}/{a}.ipynb", "wb" if isinstance(nb, bytes) else "w") as fh:
            fh.write(nb)
    else:
        nbformat.write(nb, f"{d}/{a}.ipynb")
    return d


def grade(root, a=A, extra=(), timeout=1800, env_extra=None):
    env = dict(os.environ, **ENV_CANARY, **(env_extra or {}))
    t = time.time()
    p = subprocess.run([PY, "-m", "grader.grade", "--course-dir", root, "--workers", "1", *extra, a],
                       cwd=CLONE, env=env, capture_output=True, text=True, timeout=timeout)
    dt = time.time() - t
    print(f"grade rc={p.returncode} in {dt:.1f}s")
    print("STDOUT tail:\n" + p.stdout[-3000:])
    print("STDERR tail:\n" + p.stderr[-3000:])
    return p


def scores(root, a=A):
    db = f"{root}/gradebook.db"
    if not os.path.exists(db):
        return {}
    con = sqlite3.connect(db)
    rows = con.execute("""select st.id, sum(coalesce(g.manual_score, g.auto_score, 0)), count(*)
        from grade g join submitted_notebook sn on g.notebook_id=sn.id
        join submitted_assignment sa on sn.assignment_id=sa.id join student st on sa.student_id=st.id
        join assignment a on sa.assignment_id=a.id where a.name=? group by st.id""", (a,)).fetchall()
    return {r[0]: r[1] for r in rows}


def report(root):
    p = f"{root}/grading_report.json"
    return json.load(open(p)) if os.path.exists(p) else None


def outputs(root, student, a=A, cell="training_memory"):
    p = f"{root}/autograded/{student}/{a}/{a}.ipynb"
    if not os.path.exists(p):
        return None
    nb = nbformat.read(p, as_version=4)
    out = []
    for c in nb.cells:
        if cell is None or c.metadata.get("nbgrader", {}).get("grade_id") == cell:
            for o in c.get("outputs", []):
                out.append(o.get("text") or json.dumps(o.get("data", o.get("evalue", "")))[:5000])
                if o.get("output_type") == "error":
                    out.append("ERROR " + o.get("ename", "") + ": " + o.get("evalue", ""))
    return "\n".join(out)


def summary(root, a=A):
    print("SCORES:", scores(root, a))
    r = report(root)
    if r:
        print("REPORT:", json.dumps(r)[:2000])


def grep_canary(root):
    hits = subprocess.run(["grep", "-rl", "-e", "AKIASECRETCANARY", "-e", "ta:secret", root], capture_output=True, text=True).stdout
    print("canary hits in course folder:", hits.strip() or "none")
