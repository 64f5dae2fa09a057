"""Outputs in the graded notebook are capped by grading only (2 MB a cell, 10 MB a notebook) and not charged for the
TA's page: six cells printing 1.9 MB of '<' each (escaped four-fold). Formgrader page time/size and the TA's server's
/api/status latency meanwhile (as a04)."""
from lib import *
import socket, secrets, signal, threading, urllib.request, nbformat
OUT = int(os.environ.get("OUT", "1900000"))
d = course("a10")
nb = release()
extra = [nbformat.v4.new_code_cell(f"print(\"<\" * {OUT})") for _ in range(6)]
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
                       stdout=open("/tmp/attack36-root-a10-lab.log", "w"), stderr=subprocess.STDOUT, start_new_session=True)
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
