"""Round 35's fix (an unfinished grading leaves nothing in autograded/) against the grader ending by a signal it does
not handle: SIGTERM (docker stop, systemd, timeout(1), kill) and SIGHUP (the TA's terminal or SSH session closed).
mallory's hand-in keeps itself in flight (a 120-s cell) and has <img onerror> in a written answer."""
from lib import *
import signal, sys, nbformat
XSS = '<img src=x onerror="fetch(\'/formgrader/api/...\')">pwn'
def run(sig, tag):
    d = course(tag)
    nb = honest()
    for c in nb.cells:
        gid = c.get("metadata", {}).get("nbgrader", {}).get("grade_id")
        if gid == "quiz_q1": c.source += "\nimport time; time.sleep(100)"
        if gid == "written_ddp_fit": c.source = XSS
    put(d, "aaron", honest()); put(d, "mallory", nb); put(d, "zoe", honest())
    env = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
    p = subprocess.Popen([PY, "-m", "grader.grade", "--course-dir", d, "--workers", "1", A], cwd=CLONE, env=env,
                         stdout=open(f"/tmp/{tag}.log", "w"), stderr=subprocess.STDOUT)
    nbp = f"{d}/autograded/mallory/{A}/{A}.ipynb"
    t = time.time()
    while not os.path.exists(nbp) and time.time() - t < 120: time.sleep(0.5)
    time.sleep(8)
    print(f"[{sig.name}] mallory first pass present after {time.time()-t:.1f}s:", os.path.exists(nbp), "; sending", sig.name)
    p.send_signal(sig)
    try: p.wait(60)
    except subprocess.TimeoutExpired: print("grader still alive after 60s"); p.kill(); p.wait()
    print("grader rc", p.returncode)
    time.sleep(3)
    print("autograded/mallory:", os.listdir(f"{d}/autograded/mallory/{A}") if os.path.isdir(f"{d}/autograded/mallory/{A}") else None)
    if os.path.exists(nbp):
        g = nbformat.read(nbp, 4)
        for c in g.cells:
            if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "written_ddp_fit":
                print("written_ddp_fit in autograded/:", repr(c.source[:200]))
    db = sqlite3.connect(f"{d}/gradebook.db")
    print("gradebook submissions (Formgrader lists these):", db.execute("select student_id from submitted_assignment").fetchall())
    left = subprocess.run(["pgrep", "-af", tag], capture_output=True, text=True).stdout
    print("processes left:", left[:500])
    scores(d)
    print(open(f"/tmp/{tag}.log").read()[-1500:])
run(signal.SIGTERM, "a03t")
run(signal.SIGHUP, "a03h")
