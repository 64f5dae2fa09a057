"""a02b: a02's hand-in (30 literal marks + `&#769;`, repeated: one cluster of ~43,000 marks per markdown cell after
inert_math spells the references out) on the page the TA grades written answers on: Formgrader's
/formgrader/submissions/<id>/ in the TA's Jupyter server (started as `make lab` does, as uid 65534 in the course
folder), opened in chromium with the TA's session; time to load and to paint (full page), against aaron and zoe."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
from a02_marks_by_reference import build, longest_run
A = "ps1_memory"; PORT = 8958
d = make_course("a02b")
hand_in(d, AARON, A, honest(A)); hand_in(d, MALLORY, A, build()); hand_in(d, ZOE, A, honest(A))
grade(d, A); scores(d)
env = dict(ENV, DISTCOURSE_JUDGE="kernel", PYTHONSAFEPATH="1", HOME="/tmp/attack45-user-a02b-home", PATH=CLONE + "/.venv/bin:" + ENV["PATH"])
os.makedirs(env["HOME"], exist_ok=True); chown(env["HOME"])
srv = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/jupyter", "lab",
                        "--no-browser", f"--port={PORT}", "--ServerApp.token=tatoken", "--notebook-dir=."], cwd=d, env=env,
                       stdout=open("/tmp/attack45-user-a02b-jupyter.log", "w"), stderr=subprocess.STDOUT)
time.sleep(12)
from playwright.sync_api import sync_playwright
try:
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        pg = b.new_page(); pg.goto(f"http://localhost:{PORT}/lab?token=tatoken", wait_until="load", timeout=120000)
        ids = dict(sqlite3.connect(f"{d}/gradebook.db").execute("""select student.id, submitted_notebook.id from submitted_notebook
           join submitted_assignment on submitted_notebook.assignment_id=submitted_assignment.id join student on submitted_assignment.student_id=student.id"""))
        for s in (AARON, MALLORY, ZOE):
            t = time.time()
            pg.goto(f"http://localhost:{PORT}/formgrader/submissions/{ids[s]}/", timeout=600000, wait_until="load")
            t1 = time.time() - t; t = time.time()
            pg.screenshot(path="/tmp/attack45-user-a02b.png", full_page=True, timeout=600000)
            t2 = time.time() - t
            text = pg.inner_text("body", timeout=600000)
            print(f"{s}: Formgrader page loaded in {t1:.1f}s, painted (full page) in {t2:.1f}s; longest run of marks in its text {longest_run(text):,}", flush=True)
        b.close()
finally:
    srv.kill(); srv.wait()
    shutil.rmtree(d); shutil.rmtree(env["HOME"])
    if os.path.exists("/tmp/attack45-user-a02b.png"): os.unlink("/tmp/attack45-user-a02b.png")
