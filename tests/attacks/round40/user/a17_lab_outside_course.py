"""a17: a15's cause for Formgrader: the TA starts JupyterLab from her home (not `make lab`), with the course named in
her ~/.jupyter/nbgrader_config.py (`c.CourseDirectory.root = <course>`), and presses Autograde for mallory
(POST /formgrader/api/submission/<a>/<student>/autograde). Is the guard (no autograde in Formgrader, round 37)
loaded? mallory's notebook (a15's) appends to a file when it runs, as whoever runs it."""
import os, sys, urllib.request, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
d = "/tmp/attack40-user-a15"; PORT = 18464; A = "ps1_memory"; PWN = "/tmp/attack40-user-a15-pwned.txt"
assert os.path.isdir(d + "/submitted/mallory40u")
home = "/tmp/attack40-user-a17-home"; cfg = home + "/.jupyter"; os.makedirs(cfg, exist_ok=True)
open(f"{cfg}/nbgrader_config.py", "w").write(f"c = get_config()\nc.CourseDirectory.root = {d!r}\n")
for p in (d, home): chown(p)
if os.path.exists(PWN): os.unlink(PWN)
env = dict(ENV, PYTHONSAFEPATH="1", PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME=home, JUPYTER_CONFIG_DIR=cfg)
lab = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/jupyter", "lab",
                        "--no-browser", f"--port={PORT}", "--ServerApp.token=tok40"],
                       cwd=home, env=env, stdout=open("/tmp/attack40-user-a17-lab.log", "w"), stderr=subprocess.STDOUT)
try:
    for _ in range(90):
        try: urllib.request.urlopen(f"http://127.0.0.1:{PORT}/api/status?token=tok40", timeout=2); break
        except Exception: time.sleep(1)
    req = urllib.request.Request(f"http://127.0.0.1:{PORT}/formgrader/api/submission/{A}/mallory40u/autograde", data=b"{}", method="POST",
                                 headers={"Authorization": "token tok40", "Content-Type": "application/json"})
    t = time.time(); out = urllib.request.urlopen(req, timeout=600).read().decode()
    print(f"autograde button answered in {time.time()-t:.1f}s:", out[:400].replace("\\n", " "))
    print("pwned file:", open(PWN).read() if os.path.exists(PWN) else "(none: her code did not run)")
finally:
    lab.terminate(); lab.wait(20)
    shutil.rmtree(home, ignore_errors=True)
    for f in ("/tmp/attack40-user-a17-lab.log", PWN):
        if os.path.exists(f): os.unlink(f)
