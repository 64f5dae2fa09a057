"""A15: break 1's window for the kept grading logs: in a course's first run a hand-in whose kernel dies keeps a log in
grading_logs/ (made with the TA's umask); eve48 polls the course folder meanwhile. Controls aaron and zoe."""
import os, subprocess, sys, time
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
d = course("a15"); os.chmod(d, 0o755)
hand_in(d, "aaron", "ps1_memory", nb_for("ps1_memory"))
hand_in(d, "mallory", "ps1_memory", nb_for("ps1_memory", {"training_memory": "import os, sys\nprint('MALLORY-LOG-LINE', file=sys.stderr, flush=True)\nos._exit(3)\n"}))
hand_in(d, "zoe", "ps1_memory", nb_for("ps1_memory"))
out = "/tmp/eve48-loot-a15"
subprocess.run(["rm", "-rf", out, "/tmp/eve48-stop"])
w = subprocess.Popen(["setpriv", "--reuid", "2481", "--regid", "2481", "--clear-groups", sys.executable, "/tmp/eve48-watch2.py", d, out],
                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
time.sleep(1)
r = grade(d, "ps1_memory", quiet=True); print(r.stderr[-800:]); scores(d, "ps1_memory")
open("/tmp/eve48-stop", "w").close()
print("what eve48 read during the run:\n" + w.communicate()[0][-3000:])
print("modes now:", {n: oct(os.stat(os.path.join(d, n)).st_mode & 0o777) for n in os.listdir(d)})
