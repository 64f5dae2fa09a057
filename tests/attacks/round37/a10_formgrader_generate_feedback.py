"""Lead from break 1: Formgrader's in-server generate_feedback (one student) on a09's course (mallory: 1,990 cells at the
cap): does it run anything of the hand-in, and what does it cost the TA's server (make grade caps a page at 30 CPU-s)?"""
from lib import *
import socket, secrets, signal, urllib.request
d = "/tmp/attack37-root-a09-1950"
s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
tok = secrets.token_hex(8)
lab = subprocess.Popen([f"{CLONE}/.venv/bin/jupyter", "lab", f"--notebook-dir={d}", "--allow-root", "--no-browser",
                        f"--port={port}", f"--IdentityProvider.token={tok}", "--ServerApp.ip=127.0.0.1"],
                       cwd=d, env=dict(os.environ, PYTHONSAFEPATH="1", PYTHONPATH=CLONE), stdout=open("/tmp/attack37-root-a10-lab.log", "w"),
                       stderr=subprocess.STDOUT, start_new_session=True)
try:
    for _ in range(90):
        try: urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={tok}"); break
        except Exception: time.sleep(1)
    for who in ("aaron", "mallory"):
        req = urllib.request.Request(f"http://127.0.0.1:{port}/formgrader/api/assignment/{A}/{who}/generate_feedback",
                                     data=b"{}", method="POST", headers={"Authorization": f"token {tok}"})
        t = time.time()
        body = urllib.request.urlopen(req, timeout=600).read()
        print(f"{who}: generate_feedback in the TA's server {time.time()-t:.1f} s, success={json.loads(body).get('success')}")
finally:
    os.killpg(lab.pid, signal.SIGTERM)
    try: lab.wait(15)
    except subprocess.TimeoutExpired: os.killpg(lab.pid, signal.SIGKILL); lab.wait()
