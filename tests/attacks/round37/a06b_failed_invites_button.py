"""a06's follow-up: what Formgrader shows the TA for a hand-in whose `make grade` grading timed out (mallory sleeps in
quiz_q1): Manage Submissions' API entry for her (autograded? needs autograding?), next to aaron's."""
from lib import *
import socket, secrets, signal, urllib.request
d = course("a06b")
nb = honest()
for c in nb.cells:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "quiz_q1": c.source += "\nimport time\ntime.sleep(1000)\n"
put(d, "aaron", honest()); put(d, "mallory", nb); put(d, "zoe", honest())
grade(d, extra=("--submission-timeout", "40")); scores(d)
s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
tok = secrets.token_hex(8)
lab = subprocess.Popen([f"{CLONE}/.venv/bin/jupyter", "lab", f"--notebook-dir={d}", "--allow-root", "--no-browser",
                        f"--port={port}", f"--IdentityProvider.token={tok}", "--ServerApp.ip=127.0.0.1"],
                       cwd=d, env=dict(os.environ, PYTHONSAFEPATH="1", PYTHONPATH=CLONE), stdout=open("/tmp/attack37-root-a06b-lab.log", "w"),
                       stderr=subprocess.STDOUT, start_new_session=True)
try:
    for _ in range(90):
        try: urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={tok}"); break
        except Exception: time.sleep(1)
    subs = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{port}/formgrader/api/submissions/{A}?token={tok}").read())
    for x in subs:
        print({k: x.get(k) for k in ("student", "autograded", "submitted", "needs_manual_grade", "score", "max_score", "timestamp")})
finally:
    os.killpg(lab.pid, signal.SIGTERM)
    try: lab.wait(15)
    except subprocess.TimeoutExpired: os.killpg(lab.pid, signal.SIGKILL); lab.wait()
