"""a03: the gradebook URL (its password) given as --db-url / $DISTCOURSE_DB_URL: does it reach any process's command
line, which every local user (a student with an account on the grading machine, eve47 uid 2001) reads in
/proc/<pid>/cmdline (no hidepid here)? The README: 'grade with a gradebook (DB_URL) whose password only the grader's
process knows'. A sqlite URL carries a marker in its path (PostgreSQL's would carry the password there)."""
import sys, os, subprocess, threading, time; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
MARK = "PASSWORD-MARK-s3cr3t"
d = course("a03")
os.makedirs(f"{d}/{MARK}"); os.chown(f"{d}/{MARK}", 65534, 65534)
for s in ("aaron", "mallory", "zoe"):
    hand_in(d, s, "ps1_memory", nb_for("ps1_memory"))
ENV["DISTCOURSE_DB_URL"] = f"sqlite:///{d}/{MARK}/gradebook.db"
seen = {}
stop = False
SCAN = r'''
import os, sys, time
mark = sys.argv[1]; seen = {}
end = time.time() + float(sys.argv[2])
while time.time() < end:
    for p in os.listdir("/proc"):
        if not p.isdigit() or p in seen: continue
        try: c = open(f"/proc/{p}/cmdline", "rb").read()
        except OSError: continue
        if mark.encode() in c:
            seen[p] = c.replace(b"\0", b" ").decode(errors="replace")[:400]
            print(p, seen[p], flush=True)
    time.sleep(0.05)
print("processes whose command line holds the URL, read as uid", os.getuid(), ":", len(seen))
'''
scanner = subprocess.Popen(["setpriv", "--reuid", "2001", "--regid", "2001", "--clear-groups", "/usr/bin/python3", "-c", SCAN, MARK, "200"],
                           cwd="/home/eve47", stdout=subprocess.PIPE, text=True)
r = grade(d, "ps1_memory", quiet=True)
print(r.stdout[-600:])
time.sleep(1); scanner.terminate()
out, _ = scanner.communicate()
print("=== eve's scan ===")
print(out[-6000:])
