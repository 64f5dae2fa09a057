"""a06: what the kernel can read of the files the grader hands its sandbox: the `--ro-bind-data` JSON named in bwrap's
command line (/proc/1/cmdline), the runtime folder's files, the connection file: anything but the kernel's own
connection (another kernel's key, the observer's channel, a secret of the grader)? Values of keys shown by length only."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
PROBE = r'''
q1 = "b"
import os, json, glob
out = {}
cmd = open("/proc/1/cmdline", "rb").read().split(b"\0")
for i, a in enumerate(cmd):
    if a in (b"--ro-bind-data", b"--bind", b"--file", b"--bind-data"):
        out.setdefault("binds", []).append([x.decode() for x in cmd[i:i + 3]])
def show(path):
    try:
        t = open(path).read()
    except Exception as e:
        return repr(e)
    try:
        j = json.loads(t)
        return {k: (v if k not in ("key",) else "<%d chars>" % len(str(v))) for k, v in j.items()}
    except Exception:
        return t[:300]
for b in out.get("binds", []):
    p = b[2]
    if os.path.isdir(p):
        out[p] = {f: show(os.path.join(p, f)) if os.path.isfile(os.path.join(p, f)) else "dir/other" for f in os.listdir(p)}
    elif os.path.exists(p) and not p.endswith(".ipynb"):
        out[p] = show(p)
out["canary_anywhere"] = any("AKIASECRET" in json.dumps(v) or "ta:secret" in json.dumps(v) for v in out.values())
print("RUNTIME " + json.dumps(out))
'''
d = course("a06")
hand_in(d, "aaron", "ps1_memory", nb_for("ps1_memory"))
hand_in(d, "mallory", "ps1_memory", nb_for("ps1_memory", {"quiz_q1": PROBE}))
hand_in(d, "zoe", "ps1_memory", nb_for("ps1_memory"))
grade(d, "ps1_memory")
scores(d, "ps1_memory")
nb = nbformat.read(f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb", 4)
for c in nb.cells:
    for o in c.get("outputs", []):
        t = o.get("text", "") or str(o.get("evalue", ""))
        if "RUNTIME" in t or o.get("output_type") == "error":
            print(t[:6000])
