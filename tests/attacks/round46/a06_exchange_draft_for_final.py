"""a06: a05's takeover turned against another student's grade: aaron (account `daemon`) submits a draft (the
release, nothing answered), then his final (the solution). In the course's own inbound (root's, sticky since
round 40) no one can remove his final; in mallory's inbound (a05's link) she moves his final away, and the TA's
`nbgrader collect` (SafeCollect, owners checked: the draft is aaron's own folder) takes the draft. Then the class
is graded: aaron's score from that collection."""
import os, subprocess, shutil, sys, time, hashlib
from harness import *

ROOT = "/tmp/attack46-root-a06-ex"
shutil.rmtree(ROOT, ignore_errors=True)
d = course("a06")
ex = f"{ROOT}/exchange"
os.makedirs(ex); os.chmod(ex, 0o777); os.chmod(ROOT, 0o755)
NB = ["--Exchange.root=" + ex, "--CourseDirectory.course_id=distcourse"]
def ta(*args):
    r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", *args, *NB], cwd=d, env=ENV, capture_output=True, text=True)
    print("$ (TA, root) nbgrader", " ".join(args), "->", r.returncode)
    print("   ", "\n    ".join(l for l in (r.stdout + r.stderr).strip().splitlines() if "standardizing" not in l)[-1500:])
def as_user(uid, script):
    r = subprocess.run(["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", sys.executable, "-c", script],
                       capture_output=True, text=True, env={"PATH": "/usr/bin:/bin"}, cwd="/")
    print(f"uid {uid}:", r.returncode, r.stdout.strip()[-1500:], r.stderr.strip()[-800:])
home = "tests/attacks/round46/a06-home-daemon"
def submit(nb, label):
    shutil.rmtree(home, ignore_errors=True); os.makedirs(f"{home}/ps1_memory")
    nbformat.write(nb, f"{home}/ps1_memory/ps1_memory.ipynb")
    subprocess.run(["chown", "-R", "1:1", home]); os.chmod(home, 0o700)
    r = subprocess.run(["setpriv", "--reuid=1", "--regid=1", "--clear-groups", f"{CLONE}/.venv/bin/nbgrader", "submit",
                        "ps1_memory", *NB], cwd=home, capture_output=True, text=True, env={"PATH": "/usr/bin:/bin", "HOME": home})
    print(f"$ (aaron = daemon) nbgrader submit [{label}] ->", r.returncode, (r.stdout + r.stderr).strip().splitlines()[-1][-200:])
ta("release_assignment", "ps1_memory")
as_user(65534, f'''
import os
os.rename("{ex}/distcourse", "{ex}/.old-distcourse")
os.makedirs("{ex}/m/inbound"); os.chmod("{ex}/m", 0o755); os.chmod("{ex}/m/inbound", 0o777)
os.symlink("{ex}/.old-distcourse/outbound", "{ex}/m/outbound"); os.symlink("m", "{ex}/distcourse")''')
draft = nbformat.read(f"{CLONE}/release/ps1_memory/ps1_memory.ipynb", 4)
submit(draft, "draft: the release, unanswered")
time.sleep(1.5)
submit(nb_for("ps1_memory"), "final: full solution")
as_user(65534, f'''
import os, glob
subs = sorted(glob.glob("{ex}/m/inbound/daemon+ps1_memory+*"))
print("aaron's folders:", [os.path.basename(s)[:45] for s in subs])
os.rename(subs[-1], "{ex}/m/.moved-final")
print("moved his newest away")''')
ta("collect", "ps1_memory")
for s in ("zoe",):
    hand_in(d, s, "ps1_memory", nb_for("ps1_memory"))
    open(f"{d}/submitted/{s}/ps1_memory/timestamp.txt", "w").write("2026-11-29 18:00:00.000000 UTC")
hand_in(d, "adam", "ps1_memory", nb_for("ps1_memory"))
open(f"{d}/submitted/adam/ps1_memory/timestamp.txt", "w").write("2026-11-29 18:00:00.000000 UTC")
grade(d, "ps1_memory")
scores(d, "ps1_memory")
for p in (ROOT, d, home):
    shutil.rmtree(p, ignore_errors=True)
