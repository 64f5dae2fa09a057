"""An nbformat v3 hand-in (cells under "worksheets", no top-level "cells"): grader.grade's nbgrader_metadata_refusal
reads json["cells"] -> [] and checks nothing, so MAX_NOTEBOOK_CELLS (2,000) is not applied; nbgrader reads v3 and
upgrades it. mallory: the honest answers as v3 plus N tiny raw cells (each becomes a ~100-char markdown note in the
graded notebook, whatever the budgets). nancy: honest answers as v3 (does v3 grade at all?). Then Formgrader's page
for mallory from a real jupyter lab (time, size, TA server's /api/status latency meanwhile)."""
from lib import *
import socket, secrets, signal, threading, urllib.request, nbformat
N = int(os.environ.get("N", "20000"))
d = course(f"a04-{N}-{os.environ.get('KIND', 'raw')}")
def v3(nb, extra=0):
    nb3 = nbformat.convert(nb, 3)
    cells = nb3.worksheets[0].cells
    kind = os.environ.get("KIND", "raw")
    one = {"cell_type": "raw", "metadata": {}, "source": "x"} if kind == "raw" else {"cell_type": "code", "input": "", "language": "python", "metadata": {}, "outputs": []}
    cells[1:1] = [dict(one) for _ in range(extra)]
    return json.dumps(nb3)
put(d, "aaron", honest()); put(d, "mallory", None, raw=v3(honest(), N)); put(d, "nancy", None, raw=v3(honest())); put(d, "zoe", honest())
print("hand-in bytes", os.path.getsize(f"{d}/submitted/mallory/{A}/{A}.ipynb"))
grade(d); scores(d)
print(json.dumps(json.load(open(f"{d}/grading_report.json")), indent=0)[:2500])
g = f"{d}/autograded/mallory/{A}/{A}.ipynb"
if os.path.exists(g):
    gn = nbformat.read(g, 4); print("graded notebook bytes", os.path.getsize(g), "cells", len(gn.cells))
db = sqlite3.connect(f"{d}/gradebook.db")
rows = dict((s, n) for n, s in db.execute("select n.id, s.student_id from submitted_notebook n join submitted_assignment s on n.assignment_id=s.id"))
s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
tok = secrets.token_hex(8)
lab = subprocess.Popen([f"{CLONE}/.venv/bin/jupyter", "lab", f"--notebook-dir={d}", "--allow-root", "--no-browser",
                        f"--port={port}", f"--IdentityProvider.token={tok}", "--ServerApp.ip=127.0.0.1"],
                       cwd=d, env=dict(os.environ, PYTHONSAFEPATH="1", DISTCOURSE_JUDGE="kernel"),
                       stdout=open(f"/tmp/attack37-root-a04-lab.log", "w"), stderr=subprocess.STDOUT, start_new_session=True)
try:
    for _ in range(90):
        try: urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={tok}"); break
        except Exception: time.sleep(1)
    for who in ("aaron", "mallory", "mallory"):
        if who not in rows: continue
        lat = []; stop = threading.Event()
        def probe():
            while not stop.is_set():
                t = time.time()
                try: urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={tok}", timeout=600).read()
                except Exception: pass
                lat.append(time.time() - t); time.sleep(0.5)
        th = threading.Thread(target=probe); th.start()
        t = time.time()
        try:
            page = urllib.request.urlopen(f"http://127.0.0.1:{port}/formgrader/submissions/{rows[who]}/?token={tok}", timeout=600).read()
            print(f"{who}: Formgrader page {len(page):,} bytes in {time.time()-t:.1f} s", end="; ")
        except Exception as e:
            print(who, "page error", e, f"after {time.time()-t:.1f}s", end="; ")
        stop.set(); th.join()
        print(f"TA server /api/status worst latency meanwhile {max(lat):.1f} s")
finally:
    os.killpg(lab.pid, signal.SIGTERM)
    try: lab.wait(15)
    except subprocess.TimeoutExpired: os.killpg(lab.pid, signal.SIGKILL); lab.wait()
