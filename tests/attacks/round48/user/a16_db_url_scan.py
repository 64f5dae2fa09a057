"""A16: round 47's fix (the gradebook URL in the environment only, never on a command line): the TA gives
DISTCOURSE_DB_URL (a sqlite URL whose path carries a marker standing for a password); eve48 scans every
/proc/*/cmdline (and what she may read of /proc/*/environ) every 20 ms through a first run; every output is grepped."""
import os, subprocess, sys, time
sys.path.insert(0, os.path.dirname(__file__))
import harness
from harness import *
d = course("a16"); os.chmod(d, 0o755)
os.makedirs(f"{d}/PWMARK-s3cr3t"); chown_r(d)
harness.ENV["DISTCOURSE_DB_URL"] = f"sqlite:///{d}/PWMARK-s3cr3t/gradebook.db"
for s in ("aaron", "mallory", "zoe"):
    hand_in(d, s, "ps1_memory", nb_for("ps1_memory"))
scan = r'''
import os, time, sys
hits = set(); t0 = time.time()
while time.time() - t0 < 150 and not os.path.exists("/tmp/eve48-stop16"):
    for p in os.listdir("/proc"):
        if not p.isdigit(): continue
        for f in ("cmdline", "environ"):
            try:
                b = open(f"/proc/{p}/{f}", "rb").read()
            except OSError:
                continue
            if b"PWMARK" in b:
                hits.add((f, b.replace(b"\0", b" ")[:200]))
    time.sleep(0.02)
print("eve's hits:", hits or "none")
'''
subprocess.run(["rm", "-f", "/tmp/eve48-stop16"])
w = subprocess.Popen(["setpriv", "--reuid", "2481", "--regid", "2481", "--clear-groups", sys.executable, "-c", scan], stdout=subprocess.PIPE, text=True)
r = grade(d, "ps1_memory", quiet=True)
open("/tmp/eve48-stop16", "w").close()
print(w.communicate()[0])
import sqlite3
print("grades in the URL's gradebook:", sqlite3.connect(f"{d}/PWMARK-s3cr3t/gradebook.db").execute("select count(*) from grade").fetchall())
print("PWMARK in grader stdout/stderr:", "PWMARK" in r.stdout + r.stderr)
print(subprocess.run(["grep", "-rl", "PWMARK", d, "--exclude-dir=PWMARK-s3cr3t"], capture_output=True, text=True).stdout or "no file of the course names it")
