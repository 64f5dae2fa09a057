"""Break 1's in-server autograde and round 36's fix "the graded folder holds the notebook only": a hand-in carrying
helpers.py and ipykernel_launcher.py beside the notebook (make grade: refused? copied?), then Formgrader's autograde."""
from lib import *
import socket, secrets, signal, urllib.request
d = course("a11")
put(d, "aaron", honest()); p = put(d, "mallory", honest()); put(d, "zoe", honest())
for f in ("helpers.py", "ipykernel_launcher.py"): open(f"{p}/{f}", "w").write("print('handed in')\n")
grade(d); scores(d)
print("after make grade:", sorted(os.listdir(f"{d}/autograded/mallory/{A}")))
s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
tok = secrets.token_hex(8)
lab = subprocess.Popen([f"{CLONE}/.venv/bin/jupyter", "lab", f"--notebook-dir={d}", "--allow-root", "--no-browser",
                        f"--port={port}", f"--IdentityProvider.token={tok}", "--ServerApp.ip=127.0.0.1"],
                       cwd=d, env=dict(os.environ, PYTHONSAFEPATH="1", PYTHONPATH=CLONE), stdout=open("/tmp/attack37-root-a11-lab.log", "w"),
                       stderr=subprocess.STDOUT, start_new_session=True)
try:
    for _ in range(90):
        try: urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={tok}"); break
        except Exception: time.sleep(1)
    req = urllib.request.Request(f"http://127.0.0.1:{port}/formgrader/api/submission/{A}/mallory/autograde",
                                 data=b"{}", method="POST", headers={"Authorization": f"token {tok}"})
    print("autograde success:", json.loads(urllib.request.urlopen(req, timeout=600).read()).get("success"))
finally:
    os.killpg(lab.pid, signal.SIGTERM)
    try: lab.wait(15)
    except subprocess.TimeoutExpired: os.killpg(lab.pid, signal.SIGKILL); lab.wait()
print("after Formgrader's autograde:", sorted(os.listdir(f"{d}/autograded/mallory/{A}")))
scores(d)
