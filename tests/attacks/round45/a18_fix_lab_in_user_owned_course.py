"""a18: a13 for `make lab`'s command: the course folder owned by uid 1000 (checkout bind-mounted from a TA's home),
JupyterLab started in it as root (as `make lab` does: --notebook-dir=. --allow-root, PYTHONSAFEPATH=1). Does the
TA's server come up, and does it survive GET /formgrader and GET /assignments?"""
import os, subprocess, shutil, time, signal, urllib.request, sys
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import course, ENV
d = course("a18")
for dp, dns, fns in os.walk(d):
    for n in dns + fns:
        os.lchown(os.path.join(dp, n), 1000, 1000)
os.chown(d, 1000, 1000)
env = dict(ENV, PYTHONSAFEPATH="1", DISTCOURSE_JUDGE="kernel")
log = open("/tmp/attack45-root-a18.log", "w")
p = subprocess.Popen(["CLONE/.venv/bin/jupyter", "lab", "--notebook-dir=.", "--allow-root", "--no-browser",
                      "--port", "8897", "--ServerApp.token=x"], cwd=d, env=env, stdout=log, stderr=subprocess.STDOUT,
                     start_new_session=True)
up = False
for _ in range(60):
    if p.poll() is not None: break
    try:
        urllib.request.urlopen("http://127.0.0.1:8897/api/status?token=x", timeout=2); up = True; break
    except Exception:
        time.sleep(0.5)
print("server up:", up, "exited:", p.poll())
for route in ("/formgrader?token=x", "/assignments?course_id=x&token=x"):
    try:
        r = urllib.request.urlopen("http://127.0.0.1:8897" + route, timeout=20); print("GET", route, r.status)
    except Exception as e:
        print("GET", route, repr(e)[:200])
time.sleep(1)
print("server alive after:", p.poll() is None)
print("log:", [l[:250] for l in open("/tmp/attack45-root-a18.log").read().splitlines() if "not running" in l][:3])
try:
    os.killpg(p.pid, signal.SIGTERM); p.wait(10)
except Exception:
    pass
p.wait()
shutil.rmtree(d); os.unlink("/tmp/attack45-root-a18.log")
