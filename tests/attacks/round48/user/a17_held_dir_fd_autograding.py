"""A17: does break 1's window give eve more than the files she copied in it? She opens a descriptor of the
.autograding/ folder (and of aaron's folder in it) while they are 0755 and tries, after the run made .autograding 0700,
to list and open through them (Linux checks search permission at each lookup, so this should fail)."""
import os, subprocess, sys, time
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
d = course("a17"); os.chmod(d, 0o755)
for s in ("aaron", "zoe"):
    hand_in(d, s, "ps1_memory", nb_for("ps1_memory"))
hold = r'''
import os, sys, time
d = sys.argv[1]
while True:
    try:
        top = os.open(d + "/.autograding", os.O_RDONLY | os.O_DIRECTORY)
        sub = os.open(d + "/.autograding/aaron", os.O_RDONLY | os.O_DIRECTORY); break
    except OSError:
        time.sleep(0.02)
print("eve holds .autograding and .autograding/aaron", flush=True)
while not os.path.exists("/tmp/eve48-go17"):
    time.sleep(0.2)
for name, fd in (("top", top), ("aaron", sub)):
    try:
        print(name, "listdir:", os.listdir(fd))
    except OSError as e:
        print(name, "listdir:", e.strerror)
try:
    print("openat aaron/ps1_memory/ps1_memory.ipynb:", len(os.read(os.open("aaron/ps1_memory/ps1_memory.ipynb", os.O_RDONLY, dir_fd=top), 99999)))
except OSError as e:
    print("openat through .autograding:", e.strerror)
'''
subprocess.run(["rm", "-f", "/tmp/eve48-go17"])
w = subprocess.Popen(["setpriv", "--reuid", "2481", "--regid", "2481", "--clear-groups", sys.executable, "-c", hold, d], stdout=subprocess.PIPE, text=True)
grade(d, "ps1_memory", quiet=True); scores(d, "ps1_memory")
# a regrade: aaron's folder in .autograding is made again
grade(d, "ps1_memory", ("--regrade",), quiet=True)
open("/tmp/eve48-go17", "w").close()
print(w.communicate(timeout=60)[0])
