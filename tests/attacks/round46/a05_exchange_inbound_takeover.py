"""a05: other students' work through the exchange. With the exchange's root as nbgrader's docs make it (0777, not
sticky), mallory (uid 65534) moves the TA's released course folder aside and puts a link in its place to a
course folder of her own: its outbound/ a link to the TA's (students still fetch), its inbound/ her own folder
(0777). `nbgrader submit` checks only that inbound is writable. aaron (a student account: `daemon` here, uid 1)
submits; mallory lists and reads his hand-in, then (second case) removes it; the TA (root) collects with the
course's SafeCollect: what is collected, and what does the TA's log say?"""
import os, subprocess, shutil, sys, pwd
from harness import *

ROOT = "/tmp/attack46-root-a05-ex"
shutil.rmtree(ROOT, ignore_errors=True)
d = course("a05")
ex = f"{ROOT}/exchange"
os.makedirs(ex); os.chmod(ex, 0o777); os.chmod(ROOT, 0o755)
NB = ["--Exchange.root=" + ex, "--CourseDirectory.course_id=distcourse"]
def ta(*args):
    r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", *args, *NB], cwd=d, env=ENV, capture_output=True, text=True)
    print("$ (TA, root) nbgrader", " ".join(args), "->", r.returncode)
    print("   ", "\n    ".join(l for l in (r.stdout + r.stderr).strip().splitlines() if "standardizing" not in l)[-1500:])
def as_user(uid, script, cwd="/"):
    r = subprocess.run(["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", sys.executable, "-c", script],
                       capture_output=True, text=True, env={"PATH": "/usr/bin:/bin"}, cwd=cwd)
    print(f"uid {uid}:", r.returncode, r.stdout.strip()[-1500:], r.stderr.strip()[-800:])
def submit_as(uid, name):
    home = f"tests/attacks/round46/a05-home-{name}"
    shutil.rmtree(home, ignore_errors=True); os.makedirs(f"{home}/ps1_memory")
    nbformat.write(nb_for("ps1_memory"), f"{home}/ps1_memory/ps1_memory.ipynb")
    subprocess.run(["chown", "-R", f"{uid}:{uid}", home]); os.chmod(home, 0o700)
    r = subprocess.run(["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", f"{CLONE}/.venv/bin/nbgrader",
                        "submit", "ps1_memory", *NB], cwd=home, capture_output=True, text=True,
                       env={"PATH": "/usr/bin:/bin", "HOME": home})
    print(f"$ ({name}, uid {uid}) nbgrader submit ps1_memory ->", r.returncode, (r.stdout + r.stderr).strip()[-600:])

ta("release_assignment", "ps1_memory")
print("== mallory takes the course folder over")
as_user(65534, f'''
import os
os.rename("{ex}/distcourse", "{ex}/.old-distcourse")
os.makedirs("{ex}/m/inbound"); os.chmod("{ex}/m", 0o755); os.chmod("{ex}/m/inbound", 0o777)
os.symlink("{ex}/.old-distcourse/outbound", "{ex}/m/outbound")
os.symlink("m", "{ex}/distcourse")
print(os.listdir("{ex}"))''')
submit_as(1, "daemon")
print("== mallory reads the inbound she owns")
as_user(65534, f'''
import os, glob
for f in glob.glob("{ex}/m/inbound/*/*"):
    print(f, os.stat(f).st_uid, len(open(f, "rb").read()), "bytes read")
''')
ta("collect", "ps1_memory")
print("collected:", subprocess.run(["find", f"{d}/submitted", "-type", "f"], capture_output=True, text=True).stdout)
print("== second case: mallory removes aaron's (daemon's) hand-in before the TA collects")
shutil.rmtree(f"{d}/submitted", ignore_errors=True)
as_user(65534, f'''
import os, glob, shutil
for f in glob.glob("{ex}/m/inbound/daemon+*"):
    os.rename(f, "{ex}/m/.kept-by-mallory-" + os.path.basename(f)); print("moved away", f)
''')
ta("collect", "ps1_memory")
print("collected:", subprocess.run(["find", f"{d}/submitted", "-type", "f"], capture_output=True, text=True).stdout or "nothing")
for p in (ROOT, d, "tests/attacks/round46/a05-home-daemon"):
    shutil.rmtree(p, ignore_errors=True)
