"""Round 27 (ordinary user) helper: build a course of one or more assignments under /tmp/attack27u-course-<tag>,
owned by 65534, and grade it as uid 65534 (setpriv) with <clone>'s venv, --workers 1.
Run as root: <clone>/.venv/bin/python aNN_*.py (the clone is found from this file's place)"""
import copy, json, os, shutil, subprocess, sys, textwrap, time
CLONE = os.environ.get("ATTACK_USER_CLONE") or os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", ".."))
sys.path.insert(0, CLONE)
import nbformat
#: the grading user: 65534 (the round's setup), or ATTACK_UID for an attack that fills the per-user process cap and must not
#: take that cap from other work on this shared machine that also runs as 65534 (a05)
UID = int(os.environ.get("ATTACK_UID", "65534"))
HOME = "/tmp/attack27u-home" if UID == 65534 else f"/tmp/attack27u-home-{UID}"


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
    """Control only: the solution notebook copied from source/ (the attacks never need it)."""
    return nbformat.read(os.path.join(CLONE, "source", a, fname(a)), 4)


def course(tag, students):
    """students: {(student, assignment): notebook or callable(folder)}"""
    dest = f"/tmp/attack27u-course-{tag}"
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
    subprocess.run(["chown", "-R", f"{UID}:{UID}", dest], check=True)
    os.makedirs(HOME, exist_ok=True)
    os.chown(HOME, UID, UID)
    return dest


def grade(dest, extra=(), env=None):
    t = time.time()
    cmd = ["setpriv", f"--reuid={UID}", f"--regid={UID}", "--clear-groups", "env", "HOME=" + HOME, *(env or []),
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


CANARY_ENV = ["DATABASE_URL=postgresql://ta:secret@localhost/x", "DISTCOURSE_DB_URL=postgresql://ta:secret2@localhost/y",
              "AWS_SECRET_ACCESS_KEY=AKIASECRETCANARY123"]
CANARY_ENV = [CANARY_ENV[0], CANARY_ENV[2]]  # DISTCOURSE_DB_URL is the gradebook itself
os.environ["PATH"] = CLONE + "/.venv/bin:" + os.environ.get("PATH", "")


def cell_outputs(dest, student, a, gids):
    import nbformat
    p = f"{dest}/autograded/{student}/{a}/{fname(a)}"
    if not os.path.exists(p):
        print("no autograded notebook", p); return
    nb = nbformat.read(p, 4)
    for c in nb.cells:
        if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") in gids:
            for o in c.get("outputs", []):
                print("OUTPUT[%s]:" % c.metadata.nbgrader.grade_id, (o.get("text") or (o.get("evalue"), o.get("traceback")) or o))


def cleanup(dest):
    shutil.rmtree(dest, ignore_errors=True)


def sanitize_out(path):
    """replace machine paths in an output file"""
    s = open(path).read()
    base = sys.base_prefix
    s = s.replace(CLONE, "<clone>").replace(base, "<base python>").replace(os.path.realpath(base), "<base python>")
    open(path, "w").write(s)
