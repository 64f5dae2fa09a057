"""a03: round 37 banned relative links in written answers because they resolve on the TA's own Jupyter server; an
ABSOLUTE link to that server (http://localhost:8888/...) passes `_ABSOLUTE_LINK`. Jupyter's own route
/nbconvert/html/<path> converts any notebook under the server's root with the server's default HTMLExporter
(Pygments highlighting, no caps, none of the course's preprocessors): mallory's raw hand-in in submitted/, whose
extra code cell is REP x "\\n " (IPython's lexer: quadratic), never cut as it is in the pages. mallory's written answer
links to it. We grade, check the link survives into the graded notebook (Formgrader) and feedback page, start the
TA's server as make lab does (jupyter lab in the course folder), GET the link once with the TA's credentials (what a
click does) and poll /api/status meanwhile."""
import os, sys, threading, urllib.request
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"; REP = int(os.environ.get("REP", "10000")); PORT = 8942
URL = f"http://localhost:{PORT}/nbconvert/html/submitted/{MALLORY}/{A}/{A}.ipynb?download=false"
m = honest(A)
w = [c for c in m.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "written_ddp_fit"][0]
w.source = f"DDP keeps a full replica per rank, so it does not fit. My derivation: [derivation]({URL})\n"
m.cells.insert(len(m.cells) - 1, nbformat.v4.new_code_cell("\n " * REP))
m.metadata["language_info"] = {"name": "python", "pygments_lexer": "ipython3"}
d = make_course("a03")
hand_in(d, AARON, A, honest(A)); hand_in(d, MALLORY, A, m); hand_in(d, ZOE, A, honest(A))
grade(d, A); scores(d)
g = open(f"{d}/autograded/{MALLORY}/{A}/{A}.ipynb").read(); f = open(f"{d}/feedback/{MALLORY}/{A}/{A}.html").read()
print("link in graded notebook (Formgrader):", URL.replace("/", "\\/") in g or URL in g, "; in feedback page:", URL in f)
env = dict(ENV, DISTCOURSE_JUDGE="kernel", PYTHONSAFEPATH="1", HOME="/tmp/attack42-user-a03-home", PATH=CLONE + "/.venv/bin:" + ENV["PATH"])
os.makedirs(env["HOME"], exist_ok=True); chown(env["HOME"])
srv = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/jupyter", "lab",
                        "--no-browser", f"--port={PORT}", "--ServerApp.token=tatoken", "--notebook-dir=."], cwd=d, env=env,
                       stdout=open("/tmp/attack42-user-a03-server.log", "w"), stderr=subprocess.STDOUT)
H = {"Authorization": "token tatoken"}
def get(u, timeout=900):
    return urllib.request.urlopen(urllib.request.Request(u, headers=H), timeout=timeout)
for _ in range(120):
    try:
        get(f"http://localhost:{PORT}/api/status", 2); break
    except Exception:
        time.sleep(1)
lat = []; stop = False
def poll():
    while not stop:
        t = time.time()
        try:
            get(f"http://localhost:{PORT}/api/status", 900).read()
        except Exception as e:
            lat.append(("err", str(e)[:80])); continue
        lat.append(time.time() - t); time.sleep(0.5)
th = threading.Thread(target=poll); th.start(); time.sleep(2)
for who in (AARON, MALLORY):
    u = URL.replace(MALLORY, who); t = time.time()
    try:
        r = get(u); body = r.read()
        print(f"GET {u.split(str(PORT))[1]}: {r.status} {len(body)} bytes in {time.time()-t:.1f}s; CSP {r.headers.get('Content-Security-Policy')!r}")
    except Exception as e:
        print(f"GET {who}: {type(e).__name__} {e} after {time.time()-t:.1f}s")
    print(f"  /api/status while it ran: {len(lat)} polls, slowest {max(x for x in lat if isinstance(x, float)):.1f}s"); lat.clear()
stop = True; th.join(); srv.terminate(); srv.wait()
print(open("/tmp/attack42-user-a03-server.log").read()[-1500:])
shutil.rmtree(d); shutil.rmtree(env["HOME"])
