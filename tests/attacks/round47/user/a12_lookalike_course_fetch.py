"""a12: a02's listing shows eve's course folders to every student without a course id (and in the Assignments tab).
eve names hers like the real one (`distcourѕe`, Cyrillic s; `distcourse ` with a space) with a trojan ps1_memory in
outbound; bob fetches from it (what the tab's Fetch button runs) and submits to it: refused?"""
import os, subprocess, shutil
CLONE = (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))); NB = f"{CLONE}/.venv/bin/nbgrader"
base = "/tmp/attack47-user-ex12"
shutil.rmtree(base, ignore_errors=True)
os.makedirs(base); os.chown(base, 65534, 65534)
root = f"{base}/exchange"; os.makedirs(root); os.chown(root, 65534, 65534); os.chmod(root, 0o1777)
def as_user(uid, cmd, cwd):
    env = {"PATH": f"{CLONE}/.venv/bin:/usr/bin:/bin", "HOME": cwd, "LANG": "C.UTF-8"}
    r = subprocess.run(["setpriv", "--reuid", str(uid), "--regid", str(uid), "--clear-groups"] + cmd, cwd=cwd, env=env,
                       capture_output=True, timeout=300)
    return r.returncode, (r.stdout + r.stderr).decode(errors="backslashreplace")
for name in ("distcour\u0455e", "distcourse "):
    code = f'''
import os
c = os.path.join({root!r}, {name!r})
os.makedirs(os.path.join(c, "outbound", "ps1_memory")); os.makedirs(os.path.join(c, "feedback"))
os.makedirs(os.path.join(c, "inbound")); os.chmod(os.path.join(c, "inbound"), 0o1733)
open(os.path.join(c, "outbound", "ps1_memory", "ps1_memory.ipynb"), "w").write('{{"cells": [], "metadata": {{}}, "nbformat": 4, "nbformat_minor": 5}}')
'''
    print("eve:", as_user(2001, ["/usr/bin/python3", "-c", code], "/home/eve47"))
    w = "/home/bob47/w12"; shutil.rmtree(w, ignore_errors=True); os.makedirs(w); os.chown(w, 2002, 2002); os.chmod(w, 0o700)
    rc, out = as_user(2002, [NB, "list", f"--Exchange.root={root}"], w)
    print(f"bob's list shows {name!r}:", name in out)
    rc, out = as_user(2002, [NB, "fetch_assignment", "ps1_memory", "--course", name, f"--Exchange.root={root}"], w)
    print(f"bob fetches from {name!r}: rc={rc}: {[l for l in out.splitlines() if 'not safe' in l][:1]}; fetched: {os.path.exists(w + '/ps1_memory')}")
