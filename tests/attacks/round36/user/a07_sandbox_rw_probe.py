"""a07: the sandbox as an ordinary user: which mounts are writable (every rw mount that is not the sandbox's own tmpfs),
which descriptors a kernel holds at its first cell (anything of the host's?), and whether the venv/checkout the
sandbox's user owns can be changed (chmod, utime, xattr, rename) through any mount. Printed into the notebook's output,
read back from autograded/. Controls aaron, zoe."""
import sys
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
PROBE = r'''
import os, sys
res = []
for line in open("/proc/self/mountinfo"):
    f = line.split()
    opts, mnt = f[5], f[4]
    fstype = f[f.index("-") + 1]
    if "rw" in opts.split(",") and fstype not in ("tmpfs", "proc", "devtmpfs", "mqueue"):
        res.append(("RW-MOUNT", mnt, fstype, opts))
for fd in sorted(os.listdir("/proc/self/fd"), key=int):
    try: res.append(("FD", fd, os.readlink(f"/proc/self/fd/{fd}")))
    except OSError as e: res.append(("FD", fd, str(e)))
import importlib.util, sysconfig
targets = [sys.executable, os.path.dirname(os.__file__), sysconfig.get_paths()["purelib"], "/helpers", "/probes"]
for t in targets:
    for name, fn in (("chmod", lambda p: os.chmod(p, os.stat(p).st_mode)), ("utime", lambda p: os.utime(p)),
                     ("setxattr", lambda p: os.setxattr(p, "user.x", b"1")), ("open-w", lambda p: open(os.path.join(p, ".w") if os.path.isdir(p) else p, "a").close())):
        try: fn(t); res.append((name, t, "OK!"))
        except OSError as e: res.append((name, t, e.strerror))
for r in res: print(*r)
'''
m = honest()
for c in m.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory":
        c.source = PROBE + "\n" + c.source
d = course("a07")
handin(d, "aaron", honest()); handin(d, "mallory", m); handin(d, "zoe", honest())
grade(d); scores(d)
nb = nbformat.read(f"{d}/autograded/mallory/{A}/{A}.ipynb", 4)
for c in nb.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory":
        for o in c.outputs:
            print(o.get("text", o.get("data", {}).get("text/plain", "")))
