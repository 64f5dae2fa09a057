"""a06: a04 through Formgrader's own "Collect" button in the TA's server as `make lab` starts it
(POST /formgrader/api/assignment/<a>/collect runs nbgrader's CollectApp in the server, as the TA).
The exchange's location is given to the server as tests/browser.py does (JUPYTER_CONFIG_DIR/nbgrader_config.py)."""
from lib import *
import urllib.request
d = make_course("a06")
A = "ps1_memory"
X = "/tmp/attack38-user-a06-exchange"
if os.path.exists(X): shutil.rmtree(X)
inbound = f"{X}/distcourse/inbound"
os.makedirs(inbound)
cfg = "/tmp/attack38-user-a06-jcfg"; os.makedirs(cfg, exist_ok=True)
open(f"{cfg}/nbgrader_config.py", "w").write(f"c = get_config()\nc.Exchange.root = {X!r}\n")
home = "/tmp/attack38-user-a06-home"; os.makedirs(home, exist_ok=True)
for p in (d, X, cfg, home): chown(p)
os.chmod(d, 0o700); os.chmod(f"{X}/distcourse", 0o755); os.chmod(inbound, 0o733)
def as_student(uid, code):
    subprocess.run(["setpriv", "--reuid", str(uid), "--regid", str(uid), "--clear-groups", sys.executable, "-c", code], check=True)
ts = "2026-11-29 11:00:00.000000 UTC"
for uid, s in ((2001, "aaron"), (2003, "zoe")):
    tmp = f"/tmp/attack38-user-a06-{s}.ipynb"
    nbformat.write(honest(A), tmp); os.chmod(tmp, 0o644)
    as_student(uid, f"import os,shutil; p='{inbound}/{s}+{A}+{ts}+r{uid}'; os.mkdir(p); os.chmod(p,0o755); shutil.copy('{tmp}', p+'/{A}.ipynb')")
as_student(2002, f"import os; p='{inbound}/mallory+{A}+{ts}+r2002'; os.mkdir(p); os.chmod(p,0o755); "
                 f"os.symlink('{d}/source/{A}/{A}.ipynb', p+'/{A}.ipynb')")
env = dict(ENV, DISTCOURSE_JUDGE="kernel", PYTHONSAFEPATH="1", PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME=home, JUPYTER_CONFIG_DIR=cfg)
lab = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/jupyter", "lab",
                        "--notebook-dir=.", "--no-browser", "--port=18939", "--ServerApp.token=tok38"],
                       cwd=d, env=env, stdout=open("/tmp/attack38-user-a06-lab.log", "w"), stderr=subprocess.STDOUT)
try:
    for _ in range(60):
        try:
            urllib.request.urlopen("http://127.0.0.1:18939/api/status?token=tok38", timeout=2); break
        except Exception:
            time.sleep(1)
    req = urllib.request.Request(f"http://127.0.0.1:18939/formgrader/api/assignment/{A}/collect", data=b"{}", method="POST",
                                 headers={"Authorization": "token tok38", "Content-Type": "application/json"})
    print("Collect button:", urllib.request.urlopen(req, timeout=300).read().decode()[:1500])
finally:
    lab.terminate(); lab.wait(20)
os.system(f"ls -la {d}/submitted/*/{A}/; echo BEGIN SOLUTION in mallory hand-in: $(grep -c 'BEGIN SOLUTION' {d}/submitted/mallory/{A}/{A}.ipynb)")
grade(d, A)
scores(d)
os.system(f"echo BEGIN SOLUTION in mallory feedback: $(grep -o 'BEGIN SOLUTION' {d}/feedback/mallory/{A}/{A}.html | wc -l)")
