"""a01: recon from the kernel: processes, sessions, autogroups, writable /proc and /sys files, mounts."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
code = sol(A, "training_memory") + r'''

import os, stat, json
_r = {}
_r["id"] = os.popen("id").read()
_procs = []
for p in os.listdir("/proc"):
    if p.isdigit():
        try:
            st = open(f"/proc/{p}/stat").read().split()
            cmd = open(f"/proc/{p}/cmdline","rb").read().replace(b"\0",b" ")[:120]
            ag = ""
            try: ag = open(f"/proc/{p}/autogroup").read().strip()
            except Exception as e: ag = repr(e)
            _procs.append((p, st[4], st[5], cmd, ag, os.stat(f"/proc/{p}").st_uid))
        except Exception as e:
            _procs.append((p, repr(e)))
_r["procs"] = _procs
_w = []
def walk(top, maxn=200000):
    n=0
    for root, dirs, files in os.walk(top):
        if root.startswith("/proc/") and root.split("/")[2].isdigit() and root.split("/")[2] not in ("self",):
            pass
        for f in files:
            n+=1
            if n>maxn: return
            p=os.path.join(root,f)
            if os.access(p, os.W_OK):
                _w.append(p)
for t in ("/sys", "/proc/sys", "/proc/pressure", "/proc/sysrq-trigger", "/dev"):
    walk(t)
for f in os.listdir("/proc"):
    p="/proc/"+f
    if not f.isdigit() and os.path.isfile(p) and os.access(p, os.W_OK): _w.append(p)
_r["writable"] = _w[:400]
_r["nwritable"]=len(_w)
_r["mounts"] = open("/proc/self/mounts").read()
_r["limits"] = open("/proc/self/limits").read()
_r["status"] = [l for l in open("/proc/self/status") if l.startswith(("Cap","Seccomp","NoNewPrivs","Uid"))]
try: _r["ag_enabled"]=open("/proc/sys/kernel/sched_autogroup_enabled").read()
except Exception as e: _r["ag_enabled"]=repr(e)
_r["env"]=dict(os.environ)
print("RECON" + json.dumps(_r, default=str))
'''
d = make_course("a01", A, {"mallory": {"training_memory": code}})
grade(d, A)
scores(d, A)
print(outputs(d, "mallory", A, "training_memory")[:30000])
canary_scan(d)
