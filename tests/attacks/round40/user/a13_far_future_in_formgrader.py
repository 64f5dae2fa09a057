"""a13: a12's course (mallory's collected time 9999-12-31 23:50) in the TA's Formgrader: do the class's pages/API still
answer (submissions list, gradebook by student, assignments), also once the TA gives ps1_memory a due date (set in
the gradebook as Formgrader's 'edit due date' does)?"""
import os, sys, json, sqlite3, urllib.request
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
d = "/tmp/attack40-user-a12"; PORT = 18463; A = "ps1_memory"
cfg = "/tmp/attack40-user-a13-jcfg"; os.makedirs(cfg, exist_ok=True); open(f"{cfg}/nbgrader_config.py", "w").write("c = get_config()\n")
home = "/tmp/attack40-user-a13-home"; os.makedirs(home, exist_ok=True)
for p in (d, cfg, home): chown(p)
env = dict(ENV, PYTHONSAFEPATH="1", PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME=home, JUPYTER_CONFIG_DIR=cfg)
lab = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/jupyter", "lab",
                        "--notebook-dir=.", "--no-browser", f"--port={PORT}", "--ServerApp.token=tok40"],
                       cwd=d, env=env, stdout=open("/tmp/attack40-user-a13-lab.log", "w"), stderr=subprocess.STDOUT)
def get(path):
    try:
        r = urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{PORT}{path}", headers={"Authorization": "token tok40"}), timeout=60)
        return r.status, r.read().decode()[:400]
    except Exception as e:
        return getattr(e, "code", None), str(e)[:300]
try:
    for _ in range(90):
        try: urllib.request.urlopen(f"http://127.0.0.1:{PORT}/api/status?token=tok40", timeout=2); break
        except Exception: time.sleep(1)
    for phase in ("no due date", "due 2026-12-01"):
        if phase != "no due date":
            con = sqlite3.connect(f"{d}/gradebook.db"); con.execute("update assignment set duedate='2026-12-01 00:00:00.000000' where name=?", (A,)); con.commit(); con.close()
        print("---", phase)
        for path in (f"/formgrader/api/assignments", f"/formgrader/api/submissions/{A}", f"/formgrader/api/students",
                     f"/formgrader/api/student_submissions/aaron40u", f"/formgrader/api/student_submissions/mallory40u",
                     f"/formgrader/manage_submissions/{A}", "/formgrader/manage_students"):
            st, body = get(path)
            print(st, path, body[:220].replace("\n", " "))
finally:
    lab.terminate(); lab.wait(20)
    for p in (cfg, home): shutil.rmtree(p, ignore_errors=True)
    if os.path.exists("/tmp/attack40-user-a13-lab.log"):
        print("server log errors:", [l[:200] for l in open("/tmp/attack40-user-a13-lab.log") if "Error" in l or "Traceback" in l][:8])
        os.unlink("/tmp/attack40-user-a13-lab.log")
