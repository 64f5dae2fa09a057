"""a07b: a07's hand-in, the page the TA grades written answers on: Formgrader's /formgrader/submissions/<id>/ in the
TA's Jupyter server (started as make lab does), opened in chromium with the TA's session; time to load and to paint
(full-page screenshot), mallory's against aaron's."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"; Z = "\u0301"; PORT = 8948
m = honest(A)
for c in m.cells:
    if c.cell_type == "markdown" and c.metadata.get("nbgrader", {}).get("solution"):
        c.source = "a" + Z * 49000
extra = [nbformat.v4.new_markdown_cell("a" + Z * 49000) for _ in range(4)]
extra += [nbformat.v4.new_code_cell("s = 'a' + '\\u0301' * 19880; print(s)  # " + "a" + Z * 19800) for _ in range(10)]
m.cells[len(m.cells) - 1:len(m.cells) - 1] = extra
d = make_course("a07b")
hand_in(d, AARON, A, honest(A)); hand_in(d, MALLORY, A, m); hand_in(d, ZOE, A, honest(A))
grade(d, A); scores(d)
env = dict(ENV, DISTCOURSE_JUDGE="kernel", PYTHONSAFEPATH="1", HOME="/tmp/attack43-user-a07b-home", PATH=CLONE + "/.venv/bin:" + ENV["PATH"])
os.makedirs(env["HOME"], exist_ok=True); chown(env["HOME"])
srv = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/jupyter", "lab",
                        "--no-browser", f"--port={PORT}", "--ServerApp.token=tatoken", "--notebook-dir=."], cwd=d, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
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
            pg.screenshot(path="/tmp/attack43-user-a07b.png", full_page=True, timeout=600000)
            print(f"{s}: Formgrader page loaded in {t1:.1f}s, painted (full page) in {time.time()-t:.1f}s", flush=True)
        b.close()
finally:
    srv.kill(); srv.wait()
    shutil.rmtree(d); shutil.rmtree(env["HOME"])
    if os.path.exists("/tmp/attack43-user-a07b.png"): os.unlink("/tmp/attack43-user-a07b.png")
