"""a13: eve47 (local account) while the TA grades as uid 65534: collect every path the grader's processes name in their
command lines (/proc/*/cmdline is world-readable: the kernel template's socket, the runtime folder with the kernel's
IPC sockets, connection files, the course) and try to open, list or connect to each."""
import sys, os, subprocess, time; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
d = course("a13")
for s in ("aaron", "mallory", "zoe"):
    hand_in(d, s, "ps1_memory", nb_for("ps1_memory"))
EVE = r'''
import os, socket, time, re, sys, glob
end = time.time() + 100; paths = set(); tried = {}
while time.time() < end:
    for p in os.listdir("/proc"):
        if not p.isdigit(): continue
        try:
            if os.stat(f"/proc/{p}").st_uid != 65534: continue
            c = open(f"/proc/{p}/cmdline", "rb").read().decode(errors="replace")
        except OSError: continue
        for m in re.findall(r"/tmp/[^\x00 =,]+", c):
            paths.add(m)
    for m in list(paths):
        for q in (m, os.path.dirname(m)) + tuple(glob.glob(m + "*")):
            if q in tried: continue
            try:
                if os.path.isdir(q): r = "LISTED " + str(os.listdir(q))[:200]
                else:
                    try:
                        s = socket.socket(socket.AF_UNIX); s.connect(q); r = "CONNECTED"
                    except OSError as e:
                        r = open(q, "rb").read(200) if os.path.isfile(q) else f"connect: {e.strerror}"
                        r = "READ " + repr(r) if isinstance(r, bytes) else r
            except OSError as e:
                r = f"{type(e).__name__}: {e.strerror}"
            tried[q] = r
            if "LISTED" in r or "CONNECTED" in r or "READ" in r:
                print(q, "->", r, flush=True)
    time.sleep(0.1)
print("paths tried:", len(tried)); print("refused examples:", list(tried.items())[:12], flush=True)
'''
scanner = subprocess.Popen(["setpriv", "--reuid", "2001", "--regid", "2001", "--clear-groups", "/usr/bin/python3", "-c", EVE],
                           cwd="/home/eve47", stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
r = grade(d, "ps1_memory", quiet=True); scores(d, "ps1_memory")
out, _ = scanner.communicate(timeout=200)
print("=== eve ===")
print("\n".join(l for l in out.splitlines() if "/tmp/attack47-user-a13/" not in l or "autograded" in l)[-5000:])
