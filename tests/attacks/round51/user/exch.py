"""Exchange helpers: a course + exchange under /tmp owned by the TA (65534); local students run nbgrader as themselves."""
import os, subprocess, shutil, sys
sys.path.insert(0, os.path.dirname(__file__))
from harness import CLONE
NB = f"{CLONE}/.venv/bin/nbgrader"
PY = f"{CLONE}/.venv/bin/python"
TAHOME = "/tmp/attack51-user-home"

def setup(tag):
    base = f"/tmp/attack51-user-{tag}"
    shutil.rmtree(base, ignore_errors=True)
    os.makedirs(base); os.chmod(base, 0o755)
    ta = f"{base}/course"; root = f"{base}/exchange"
    os.makedirs(ta); shutil.copy(f"{CLONE}/nbgrader_config.py", ta)
    shutil.copytree(f"{CLONE}/source", f"{ta}/source"); shutil.copytree(f"{CLONE}/release", f"{ta}/release")
    subprocess.run(["chown", "-R", "65534:65534", ta])
    os.makedirs(root); os.chmod(root, 0o1777); os.chown(root, 65534, 65534)
    return base, ta, root

def as_user(uid, cmd, cwd, home=None, show=True, env_extra=None, timeout=600):
    env = {"PATH": f"{CLONE}/.venv/bin:/usr/bin:/bin", "HOME": home or (TAHOME if uid == 65534 else cwd), "LANG": "C.UTF-8"}
    if uid == 65534:
        env.update(DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
    env.update(env_extra or {})
    r = subprocess.run(["setpriv", "--reuid", str(uid), "--regid", str(uid), "--clear-groups"] + cmd, cwd=cwd, env=env,
                       capture_output=True, text=True, timeout=timeout)
    if show:
        print(f"[uid {uid}] {' '.join(os.path.basename(c) for c in cmd[:4])} rc={r.returncode}\n   " + (r.stdout + r.stderr).strip().replace("\n", "\n   ")[-1200:])
    return r
