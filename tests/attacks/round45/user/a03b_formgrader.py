"""a03b: a03's hand-in (a02's written answers of marks made by character references, plus 10 outputs of runs of 30 marks
joined by the removal of control characters) on the page the TA grades written answers on: Formgrader's
/formgrader/submissions/<id>/ in the TA's Jupyter server (as `make lab`, uid 65534, course folder), chromium with the TA's
session; time to load and to paint (full page), against aaron and zoe."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
from a02_marks_by_reference import longest_run
from a03_marks_joined_by_control_removal import build
A = "ps1_memory"; PORT = 8959
d = make_course("a03b")
hand_in(d, AARON, A, honest(A)); hand_in(d, MALLORY, A, build()); hand_in(d, ZOE, A, honest(A))
grade(d, A); scores(d)
env = dict(ENV, DISTCOURSE_JUDGE="kernel", PYTHONSAFEPATH="1", HOME="/tmp/attack45-user-a03b-home", PATH=CLONE + "/.venv/bin:" + ENV["PATH"])
os.makedirs(env["HOME"], exist_ok=True); chown(env["HOME"])
srv = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/jupyter", "lab",
                        "--no-browser", f"--port={PORT}", "--ServerApp.token=tatoken", "--notebook-dir=."], cwd=d, env=env,
                       stdout=open("/tmp/attack45-user-a03b-jupyter.log", "w"), stderr=subprocess.STDOUT)
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
            pg.screenshot(path="/tmp/attack45-user-a03b.png", full_page=True, timeout=600000)
            t2 = time.time() - t
            text = pg.inner_text("body", timeout=600000)
            print(f"{s}: Formgrader page loaded in {t1:.1f}s, painted (full page) in {t2:.1f}s; longest run of marks in its text {longest_run(text):,}", flush=True)
        b.close()
finally:
    srv.kill(); srv.wait()
    shutil.rmtree(d); shutil.rmtree(env["HOME"])
    if os.path.exists("/tmp/attack45-user-a03b.png"): os.unlink("/tmp/attack45-user-a03b.png")
