"""With students' accounts: what a local student sees of a grading run in /proc/<pid>/cmdline (no hidepid here):
which students handed in and when each is graded, the course path, the template socket path."""
import sys, subprocess, threading, time
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
seen = set(); stop = threading.Event()
def spy():
    while not stop.is_set():
        r = subprocess.run(["setpriv", "--reuid", "st51u", "--regid", "st51u", "--clear-groups", "ps", "-u", "65534", "-o", "args="],
                           capture_output=True, text=True)
        for l in r.stdout.splitlines():
            if "--student" in l or "grader.grade" in l or "kernel-template" in l:
                seen.add(l[:220])
        time.sleep(0.3)
th = threading.Thread(target=spy, daemon=True); th.start()
d = course("a10")
for s in ("aaron", "mallory", "zoe"):
    hand_in(d, s, "ps1_memory", nb_for("ps1_memory"))
r = grade(d, "ps1_memory", quiet=True)
stop.set(); th.join()
scores(d, "ps1_memory")
for l in sorted(seen): print("st51u sees:", l)
