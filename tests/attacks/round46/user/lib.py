"""Shared helpers: build a course folder, hand in honest + hostile notebooks, grade as uid 65534."""
import json, os, shutil, sqlite3, subprocess, sys, time
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
import nbformat
from tools.submissions import fill

CLONE = (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", "..")))
# round 45's folder check refuses nbgrader in /tmp/<x> for a non-root caller (/tmp is 1777 root:root: "group 0 may
# write it"), so grading in a /tmp course fails at generate_assignment (a00); courses live here instead
BASE = "CLONE-work"
PY = CLONE + "/.venv/bin/python"
ENV = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
ENV.pop("DISTCOURSE_DB_URL", None)

def make_course(tag):
    d = f"{BASE}/{tag}"
    if os.path.exists(d):
        shutil.rmtree(d)
    os.makedirs(d)
    shutil.copy(CLONE + "/nbgrader_config.py", d)
    shutil.copytree(CLONE + "/source", d + "/source")
    shutil.copytree(CLONE + "/release", d + "/release")
    return d

def release_nb(a):
    return nbformat.read(f"{CLONE}/release/{a}/{a}.ipynb", as_version=4)

def source_nb(a):
    return nbformat.read(f"{CLONE}/source/{a}/{a}.ipynb", as_version=4)

def honest(a):
    return fill(release_nb(a), source_nb(a))

def hand_in(d, student, a, nb, extra=None):
    p = f"{d}/submitted/{student}/{a}"
    os.makedirs(p, exist_ok=True)
    if isinstance(nb, (str, bytes)):
        with open(f"{p}/{a}.ipynb", "wb" if isinstance(nb, bytes) else "w") as f:
            f.write(nb)
    else:
        nbformat.write(nb, f"{p}/{a}.ipynb")
    for name, content in (extra or {}).items():
        with open(f"{p}/{name}", "w") as f:
            f.write(content)
    return p

def chown(d):
    subprocess.run(["chown", "-R", "65534:65534", d], check=True)

def grade(d, a, *extra, timeout=900, background=False):
    chown(d)
    cmd = ["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups",
           PY, "-m", "grader.grade", "--course-dir", d, "--workers", "1", *extra, a]
    if background:
        return subprocess.Popen(cmd, cwd=CLONE, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    t = time.time()
    r = subprocess.run(cmd, cwd=CLONE, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=timeout)
    print(f"grade rc={r.returncode} in {time.time()-t:.1f}s")
    print(r.stdout[-4000:])
    return r

def scores(d, a=None):
    con = sqlite3.connect(f"{d}/gradebook.db")
    rows = con.execute("""select student.id, assignment.name, sum(coalesce(grade.manual_score, grade.auto_score, 0)), sum(grade_cells.max_score)
        from grade join submitted_notebook on grade.notebook_id=submitted_notebook.id
        join submitted_assignment on submitted_notebook.assignment_id=submitted_assignment.id
        join student on submitted_assignment.student_id=student.id
        join assignment on submitted_assignment.assignment_id=assignment.id
        join grade_cells on grade.cell_id=grade_cells.id group by 1,2 order by 1""").fetchall()
    for r in rows:
        print("SCORE", r)
    return rows

def report(d):
    p = f"{d}/grading_report.json"
    if os.path.exists(p):
        j = json.load(open(p))
        print(json.dumps(j, indent=1)[:3000])
        return j

# --- student accounts (names of our own, so as not to clash with the root tester) and an exchange
STUDENTS = ((2561, "aaron46u"), (2562, "mallory46u"), (2563, "zoe46u"))
EXTRA = ((2564, "bob46u"), (2565, "nina46u"))
AARON, MALLORY, ZOE = (s for _, s in STUDENTS)

def add_accounts():
    for uid, s in STUDENTS + EXTRA:
        subprocess.run(["userdel", s], stderr=subprocess.DEVNULL)
        subprocess.run(["useradd", "-M", "-N", "-u", str(uid), "-s", "/usr/sbin/nologin", s], check=True)

def del_accounts():
    for _, s in STUDENTS + EXTRA:
        subprocess.run(["userdel", s])

def make_exchange(tag):
    X = f"/tmp/attack46-user-{tag}-exchange"
    if os.path.exists(X):
        shutil.rmtree(X)
    inbound = f"{X}/distcourse/inbound"
    os.makedirs(inbound)
    chown(X); os.chmod(f"{X}/distcourse", 0o755); os.chmod(inbound, 0o733)
    return X, inbound

def as_student(uid, code, check=True):
    return subprocess.run(["setpriv", "--reuid", str(uid), "--regid", "100", "--clear-groups", sys.executable, "-c", code], check=check)

def honest_inbound(inbound, A, ts="2026-11-29 11:00:00.000000 UTC"):
    for uid, s in (STUDENTS[0], STUDENTS[2]):
        tmp = f"/tmp/attack46-user-{s}.ipynb"; nbformat.write(honest(A), tmp); os.chmod(tmp, 0o644)
        as_student(uid, f"import os,shutil; p='{inbound}/{s}+{A}+{ts}+r{uid}'; os.mkdir(p); os.chmod(p,0o755); shutil.copy('{tmp}', p+'/{A}.ipynb')")
        os.unlink(tmp)

def collect(d, X, A, timeout=600, extra=()):
    t = time.time()
    r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "collect", A,
                        f"--Exchange.root={X}", *extra], cwd=d, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME="/tmp"),
                       capture_output=True, text=True, timeout=timeout)
    print(f"collect rc {r.returncode} in {time.time()-t:.1f}s")
    out = (r.stdout + r.stderr).splitlines()
    print("\n".join(l[:300] for l in out if "ERROR" in l or "Collecting" in l or "Traceback" in l or "Error" in l)[:3000])
    return r

# --- round 45: run code in mallory's quiz cell (honest answers kept), get its printed output back
def with_code(code, gid="quiz_q5", a="ps1_memory"):
    nb = honest(a)
    for c in nb.cells:
        if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == gid:
            c.source = c.source + "\n" + code
    return nb

def output_of(d, student, a="ps1_memory"):
    p = f"{d}/autograded/{student}/{a}/{a}.ipynb"
    if not os.path.exists(p):
        return "(no autograded notebook)"
    nb = json.load(open(p))
    return "".join("".join(o.get("text", "")) + str(o.get("ename", "")) + str(o.get("evalue", "")) for c in nb["cells"] for o in c.get("outputs", []))

def between(text, a="BEGIN\n", b="\nEND"):
    if a in text and b in text.split(a, 1)[1]:
        return text.split(a, 1)[1].split(b, 1)[0]
    return None

def seconds(d):
    try:
        return {r["student"]: (round(r["seconds"], 1), r.get("status")) for r in json.load(open(f"{d}/grading_report.json"))}
    except Exception as e:
        return str(e)

def trio(tag, code, a="ps1_memory", **kw):
    d = make_course(tag)
    hand_in(d, AARON, a, honest(a)); hand_in(d, MALLORY, a, with_code(code, a=a) if isinstance(code, str) else code); hand_in(d, ZOE, a, honest(a))
    r = grade(d, a, **kw)
    s = scores(d)
    print("seconds", seconds(d))
    return d, r, s

def formgrader_times(d, tag, port, students=None, a="ps1_memory"):
    """Start the TA's Jupyter server as `make lab` does (uid 65534, in the course folder) and time Formgrader's page of
    each student in chromium with the TA's session: load, full-page paint."""
    students = students or (AARON, MALLORY, ZOE)
    env = dict(ENV, DISTCOURSE_JUDGE="kernel", PYTHONSAFEPATH="1", HOME=f"/tmp/attack46-user-{tag}-home", PATH=CLONE + "/.venv/bin:" + ENV["PATH"])
    os.makedirs(env["HOME"], exist_ok=True); chown(env["HOME"])
    srv = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/jupyter", "lab",
                            "--no-browser", f"--port={port}", "--ServerApp.token=tatoken", "--notebook-dir=."], cwd=d, env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    time.sleep(12)
    from playwright.sync_api import sync_playwright
    out = {}
    try:
        with sync_playwright() as pw:
            b = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            pg = b.new_page(); pg.goto(f"http://localhost:{port}/lab?token=tatoken", wait_until="load", timeout=120000)
            ids = dict(sqlite3.connect(f"{d}/gradebook.db").execute("""select student.id, submitted_notebook.id from submitted_notebook
               join submitted_assignment on submitted_notebook.assignment_id=submitted_assignment.id join student on submitted_assignment.student_id=student.id"""))
            for s in students:
                t = time.time()
                pg.goto(f"http://localhost:{port}/formgrader/submissions/{ids[s]}/", timeout=600000, wait_until="load")
                t1 = time.time() - t; t = time.time()
                pg.screenshot(path=f"/tmp/attack46-user-{tag}.png", full_page=True, timeout=600000)
                t2 = time.time() - t
                n = len(pg.inner_text("body", timeout=600000))
                out[s] = (round(t1, 1), round(t2, 1), n)
                print(f"{s}: Formgrader page loaded in {t1:.1f}s, painted (full page) in {t2:.1f}s; {n:,} characters of text", flush=True)
            b.close()
    finally:
        srv.kill(); srv.wait()
        shutil.rmtree(env["HOME"])
        if os.path.exists(f"/tmp/attack46-user-{tag}.png"): os.unlink(f"/tmp/attack46-user-{tag}.png")
    return out

def feedback_paint(d, tag, students=None, a="ps1_memory"):
    out = {}
    for s in students or (AARON, MALLORY, ZOE):
        f = f"{d}/feedback/{s}/{a}/{a}.html"
        t = time.time()
        r = subprocess.run(["timeout", "600", "chromium", "--headless", "--no-sandbox", "--disable-gpu", f"--screenshot=/tmp/attack46-user-{tag}-fb.png",
                            "--window-size=1200,800", "file://" + f], capture_output=True)
        out[s] = round(time.time() - t, 1)
        print(f"{s}: feedback page {os.path.getsize(f):,} bytes painted by chromium in {out[s]}s (rc {r.returncode})", flush=True)
        if os.path.exists(f"/tmp/attack46-user-{tag}-fb.png"): os.unlink(f"/tmp/attack46-user-{tag}-fb.png")
    return out
