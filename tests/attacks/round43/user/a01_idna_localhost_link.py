"""a01: round 42 dropped links to this machine "however spelled" (_local_link: percent-escapes, 127.1, 0x7f.1, [::1],
localhost.). A browser reads a URL's host through UTS-46/IDNA mapping after percent-decoding it, and strips tabs and
line breaks anywhere in a URL: fullwidth letters (ｌｏｃａｌｈｏｓｔ), circled letters, fullwidth digits, the ideographic
full stop (127。0。0。1), a soft hyphen or zero-width space inside, the long s (LOCALHOſT), a tab or &#10; in the host
all reach localhost. Offline: which forms the course keeps and where chromium resolves them. Then end to end:
mallory's written answer links with the fullwidth form to /nbconvert/html/submitted/<her raw hand-in> on the TA's
server (extra cell of REP x "\\n ", ipython3 lexer, as round 42's a03); graded as 65534 with aaron and zoe; the TA's
server started as make lab does; chromium opens mallory's Formgrader page with the TA's session and clicks the link;
the server's CPU is measured."""
import os, sys, threading, urllib.request
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
from grader.feedback import safe_markdown
A = "ps1_memory"; REP = int(os.environ.get("REP", "6000")); PORT = 8943
FORMS = ['http://ｌｏｃａｌｈｏｓｔ:8888/x', 'http://１２７.０.０.１:8888/x', 'http://127。0。0。1:8888/x', 'http://local\u00adhost:8888/x',
         'http://LOCALHOſT:8888/x', 'http://localhost%E2%80%8B:8888/x', 'http://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ:8888/x', 'http://①②⑦.⓪.⓪.①:8888/x']
RAW = ['<a href="http://local&#9;host:8888/x">t</a>', '<a href="http://local&#10;host:8888/x">t</a>', '<a href="http://127.0.0.1&#13;:8888/x">t</a>',
       '[a](http://localhost:8888/x)', '[a](http://127.0.0.1%09:8888/x)']
print("== offline: what the course keeps")
for l in [f"[a]({f})" for f in FORMS] + RAW:
    h = safe_markdown(l)
    print(f"  {l!r:60} kept={'href' in h}")
URL_PATH = f"/nbconvert/html/submitted/{MALLORY}/{A}/{A}.ipynb?download=false"
LINK = f"http://ｌｏｃａｌｈｏｓｔ:{PORT}{URL_PATH}"
m = honest(A)
w = [c for c in m.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "written_ddp_fit"][0]
w.source = f"DDP keeps a full replica per rank, so it does not fit. My derivation: [derivation]({LINK})\n"
m.cells.insert(len(m.cells) - 1, nbformat.v4.new_code_cell("\n " * REP))
m.metadata["language_info"] = {"name": "python", "pygments_lexer": "ipython3"}
d = make_course("a01")
hand_in(d, AARON, A, honest(A)); hand_in(d, MALLORY, A, m); hand_in(d, ZOE, A, honest(A))
grade(d, A); scores(d)
g = open(f"{d}/autograded/{MALLORY}/{A}/{A}.ipynb").read(); f = open(f"{d}/feedback/{MALLORY}/{A}/{A}.html").read()
print("fullwidth link in graded notebook:", "%EF%BD%8C%EF%BD%8F" in g, "; in feedback page:", "%EF%BD%8C%EF%BD%8F" in f)
for x in (g, f):
    for line in x.splitlines():
        if "%EF%BD%8C" in line:
            print("   ", line.strip()[:260]); break
env = dict(ENV, DISTCOURSE_JUDGE="kernel", PYTHONSAFEPATH="1", HOME="/tmp/attack43-user-a01-home", PATH=CLONE + "/.venv/bin:" + ENV["PATH"])
os.makedirs(env["HOME"], exist_ok=True); chown(env["HOME"])
srv = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/jupyter", "lab",
                        "--no-browser", f"--port={PORT}", "--ServerApp.token=tatoken", "--notebook-dir=."], cwd=d, env=env,
                       stdout=open("/tmp/attack43-user-a01-server.log", "w"), stderr=subprocess.STDOUT)
import psutil
def cpu():
    p = psutil.Process(srv.pid)
    ps = [p] + p.children(recursive=True)
    return sum(x.cpu_times().user + x.cpu_times().system for x in ps)
time.sleep(12)
from playwright.sync_api import sync_playwright
try:
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        pg = b.new_page(); pg.goto(f"http://localhost:{PORT}/lab?token=tatoken", wait_until="load", timeout=120000)
        ids = dict(sqlite3.connect(f"{d}/gradebook.db").execute("""select student.id, submitted_notebook.id from submitted_notebook
           join submitted_assignment on submitted_notebook.assignment_id=submitted_assignment.id join student on submitted_assignment.student_id=student.id"""))
        pg.goto(f"http://localhost:{PORT}/formgrader/submissions/{ids[MALLORY]}/", timeout=300000, wait_until="load")
        hrefs = pg.evaluate("Array.from(document.links).map(a => a.href).filter(h => h.includes('nbconvert'))")
        print("links in mallory's Formgrader page, as the browser resolves them:", hrefs)
        c0 = cpu(); t = time.time()
        pg.click('a[href*="nbconvert"]', no_wait_after=True)
        pg.wait_for_url("**/nbconvert/**", timeout=600000, wait_until="load")
        print(f"click -> {pg.url[:110]} loaded in {time.time()-t:.1f}s; TA server CPU {cpu()-c0:.1f}s; page chars {len(pg.content())}")
        c0 = cpu(); t = time.time()
        pg.goto(f"http://localhost:{PORT}{URL_PATH.replace(MALLORY, AARON)}", referer=f"http://localhost:{PORT}/formgrader/", timeout=300000, wait_until="load")
        print(f"control: aaron's same route {time.time()-t:.1f}s, TA server CPU {cpu()-c0:.1f}s")
        b.close()
finally:
    srv.kill(); srv.wait()
    shutil.rmtree(d); shutil.rmtree(env["HOME"])
