"""a06: the README's exchange flow end to end with real accounts (TA uid 65534, students bob47, eve47, aaron? no:
bob honest, eve hostile): release, fetch, submit, collect, make grade, release_feedback, fetch_feedback. What does a
student get back, and can eve's hand-in or folders change what bob gets?"""
import os, subprocess, shutil, sys, time, glob
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import nb_for, grade, scores, ENV
import nbformat
CLONE = (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))); NB = f"{CLONE}/.venv/bin/nbgrader"
base = "/tmp/attack47-user-ex6"
shutil.rmtree(base, ignore_errors=True)
os.makedirs(base); os.chown(base, 65534, 65534)
root = f"{base}/exchange"
ta = f"{base}/course"
os.makedirs(ta); shutil.copy(f"{CLONE}/nbgrader_config.py", ta)
shutil.copytree(f"{CLONE}/source", f"{ta}/source"); shutil.copytree(f"{CLONE}/release", f"{ta}/release")
subprocess.run(["chown", "-R", "65534:65534", base])
def as_user(uid, cmd, cwd, show=True):
    env = {"PATH": f"{CLONE}/.venv/bin:/usr/bin:/bin", "HOME": cwd if uid != 65534 else "/tmp/attack47-user-home", "LANG": "C.UTF-8"}
    r = subprocess.run(["setpriv", "--reuid", str(uid), "--regid", str(uid), "--clear-groups"] + cmd, cwd=cwd, env=env,
                       capture_output=True, text=True, timeout=600)
    if show: print(f"[uid {uid}] {' '.join(cmd[1:4])} rc={r.returncode}\n   " + (r.stdout + r.stderr).strip().replace("\n", "\n   ")[-1500:])
    return r
X = f"--Exchange.root={root}"
as_user(65534, [NB, "release_assignment", "ps1_memory", X, "--force"], ta)
for who, uid in (("bob47", 2002), ("eve47", 2001)):
    h = f"/home/{who}/work"; shutil.rmtree(h, ignore_errors=True); os.makedirs(h); os.chown(h, uid, uid); os.chmod(h, 0o700)
    as_user(uid, [NB, "fetch_assignment", "ps1_memory", X, "--course", "distcourse"], h)
    nb = nb_for("ps1_memory")
    p = f"{h}/ps1_memory/ps1_memory.ipynb"; nbformat.write(nb, p); os.chown(p, uid, uid)
    as_user(uid, [NB, "submit", "ps1_memory", X, "--course", "distcourse"], h)
as_user(65534, [NB, "collect", "ps1_memory", X], ta)
print(subprocess.run(["find", f"{ta}/submitted", "-printf", "%m %u %p\n"], capture_output=True, text=True).stdout)
r = grade(ta, "ps1_memory", quiet=True); print(r.stdout[-400:]); scores(ta, "ps1_memory")
print(subprocess.run(["find", f"{ta}/feedback", "-printf", "%m %u %p\n"], capture_output=True, text=True).stdout)
as_user(65534, [NB, "release_feedback", "ps1_memory", X], ta)
print(subprocess.run(["ls", "-la", f"{root}/distcourse/feedback"], capture_output=True, text=True).stdout)
as_user(2002, [NB, "fetch_feedback", "ps1_memory", X, "--course", "distcourse"], "/home/bob47/work")
print(subprocess.run(["find", "/home/bob47/work/ps1_memory"], capture_output=True, text=True).stdout)
