"""Round 12 (ordinary user) helper: build a course of one or more assignments under /tmp/attack12u-course-<tag>,
owned by 65534, and grade it as uid 65534 (setpriv) with <user clone>'s venv, --workers 1.
Run as root: <user clone>/.venv/bin/python aNN_*.py"""
import copy, json, os, shutil, subprocess, sys, textwrap, time
CLONE = os.environ.get("ATTACK_USER_CLONE", "<user clone>")
sys.path.insert(0, CLONE)
import nbformat
HOME = "/tmp/attack12-home"


def fname(a):
    return f"{a}.ipynb"


def release_nb(a):
    return nbformat.read(os.path.join(CLONE, "release", a, fname(a)), 4)


def notebook(a, append=None, overrides=None, mutate=None):
    nb = copy.deepcopy(release_nb(a))
    for c in nb.cells:
        gid = c.get("metadata", {}).get("nbgrader", {}).get("grade_id")
        if overrides and gid in overrides:
            c.source = textwrap.dedent(overrides[gid]).strip("\n")
        if append and gid in append:
            c.source += "\n" + textwrap.dedent(append[gid])
    if mutate:
        mutate(nb)
    return nb


def honest(a):
    """Only for comparison: a correct notebook built from source/ (the attacks never need it)."""
    from tools.submissions import fill, source_and_release
    s, r = source_and_release(a)
    return fill(r, s, {})


def course(tag, students):
    """students: {(student, assignment): notebook or callable(folder)}"""
    dest = f"/tmp/attack12u-course-{tag}"
    shutil.rmtree(dest, ignore_errors=True)
    os.makedirs(os.path.join(dest, "source"))
    shutil.copy(os.path.join(CLONE, "nbgrader_config.py"), dest)
    for a in sorted({a for _, a in students}):
        shutil.copytree(os.path.join(CLONE, "source", a), os.path.join(dest, "source", a))
    for (s, a), nb in students.items():
        d = os.path.join(dest, "submitted", s, a)
        os.makedirs(d)
        if callable(nb):
            nb(d)
        else:
            nbformat.write(nb, os.path.join(d, fname(a)))
    subprocess.run(["chown", "-R", "65534:65534", dest], check=True)
    os.makedirs(HOME, exist_ok=True)
    os.chown(HOME, 65534, 65534)
    return dest


def grade(dest, extra=(), env=None):
    t = time.time()
    cmd = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "env", "HOME=" + HOME, *(env or []),
           CLONE + "/.venv/bin/python", "-m", "grader.grade", "--course-dir", dest, "--workers", "1", *extra]
    p = subprocess.run(cmd, cwd=CLONE, capture_output=True, text=True)
    print(f"grade rc={p.returncode} in {time.time()-t:.0f}s")
    print("STDOUT:", p.stdout[-4000:])
    print("STDERR:", p.stderr[-4000:])
    return p


def report(dest):
    rp = os.path.join(dest, "grading_report.json")
    if os.path.exists(rp):
        for o in json.load(open(rp)):
            print(json.dumps(o)[:600])
    gc = os.path.join(dest, "grades.csv")
    if os.path.exists(gc):
        print(open(gc).read()[:3000])


def scores(dest):
    from nbgrader.api import Gradebook
    out = {}
    with Gradebook(f"sqlite:///{dest}/gradebook.db") as gb:
        for a in gb.assignments:
            for s in gb.students:
                try:
                    sub = gb.find_submission(a.name, s.id)
                except Exception:
                    continue
                out[(s.id, a.name)] = (sub.score, sub.max_score,
                                      {g.name: g.auto_score for nb in sub.notebooks for g in nb.grades})
    for k, v in out.items():
        print(k, v[0], "/", v[1], v[2])
    return out
