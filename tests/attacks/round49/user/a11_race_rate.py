"""A11: a02's race repeated without stopping at a win, to measure how often eve wins it (each trial is a first
submission: bob's cache removed before it; eve spins on one CPU of two).

A02: round 48's fix makes the student's nbgrader cache of the course 0700 *after* nbgrader's submit has written it
(GuardedSubmit.copy_files: super().copy_files(), then os.chmod(cache_path, 0o700)). nbgrader makes the folders with
the student's umask (0755) first. During bob's first submission of a course, eve (another local student) spins on
bob's cache folder, and opens a descriptor to the inner folder <student>+<assignment>+<time>/ while it can still be
reached. The chmod is made on the course folder only: the inner folder stays 0755 and its submission_secret.txt 0644,
and a lookup from a held descriptor of the inner folder checks that folder alone, not the ones above it. Later, at
leisure, eve opens submission_secret.txt through the held descriptor, names bob's page and reads his feedback."""
import os, subprocess, shutil, sys, glob, re, time
sys.path.insert(0, os.path.dirname(__file__))
from harness import nb_for, grade, scores, hand_in
from exch import setup, as_user, NB, PY
import nbformat
base, ta, root = setup("a11")
X = f"--Exchange.root={root}"
as_user(65534, [NB, "release_assignment", "ps1_memory", X, "--force"], ta, show=False)
spy = r'''
import os, sys, time
from nbgrader.utils import notebook_hash
course = "/home/bob49/.local/share/jupyter/nbgrader_cache/distcourse"
deadline = time.time() + float(sys.argv[1])
inner = None
while time.time() < deadline and inner is None:
    try:
        cfd = os.open(course, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        continue
    try:
        while time.time() < deadline and inner is None:
            for name in os.listdir(cfd):
                try:
                    inner = os.open(name, os.O_RDONLY | os.O_DIRECTORY, dir_fd=cfd)
                    print("eve holds a descriptor of", name, flush=True)
                    break
                except OSError as e:
                    print("too late:", e.strerror, flush=True); deadline = 0; break
    finally:
        os.close(cfd)
if inner is None:
    print("eve: no inner folder held"); sys.exit(0)
time.sleep(3)  # long after bob's submit ended and chmod'ed his cache
print("eve can list the course cache now?", end=" ")
try: os.listdir(course); print("yes")
except OSError as e: print("no:", e.strerror)
for _ in range(50):
    try:
        s = open(os.open("submission_secret.txt", os.O_RDONLY, dir_fd=inner)).read()
        print("eve read bob's secret through her descriptor:", s[:16] + "...", "-> page", notebook_hash(secret=s, notebook_id="ps1_memory"))
        open("/tmp/eve49-secret", "w").write(s)
        break
    except OSError as e:
        print("openat:", e.strerror); time.sleep(0.1)
'''
open("/tmp/eve49-spy.py", "w").write(spy)
wins = 0
for trial in range(int(os.environ.get("TRIALS", "5"))):
    h = "/home/bob49"
    shutil.rmtree(f"{h}/ps1_memory", ignore_errors=True); shutil.rmtree(f"{h}/.local", ignore_errors=True)
    if os.path.exists("/tmp/eve49-secret"): os.unlink("/tmp/eve49-secret")
    as_user(2492, [NB, "fetch_assignment", "ps1_memory", X, "--course", "distcourse"], h, show=False)
    p = f"{h}/ps1_memory/ps1_memory.ipynb"; nbformat.write(nb_for("ps1_memory"), p); os.chown(p, 2492, 2492)
    env = {"PATH": "/usr/bin:/bin", "HOME": "/home/eve49"}
    spyp = subprocess.Popen(["setpriv", "--reuid", "2491", "--regid", "2491", "--clear-groups", PY, "/tmp/eve49-spy.py", "40"],
                            cwd="/home/eve49", env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    time.sleep(1.5)
    as_user(2492, [NB, "submit", "ps1_memory", X, "--course", "distcourse"], h, show=False)
    out = spyp.communicate()[0]
    print(f"--- trial {trial}:\n" + out.strip())
    print(subprocess.run("stat -c '%a %n' /home/bob49/.local/share/jupyter/nbgrader_cache/distcourse /home/bob49/.local/share/jupyter/nbgrader_cache/distcourse/* /home/bob49/.local/share/jupyter/nbgrader_cache/distcourse/*/submission_secret.txt", shell=True, capture_output=True, text=True).stdout.strip())
    if os.path.exists("/tmp/eve49-secret"):
        wins += 1
print("eve won the race in", wins, "of", trial + 1, "first submissions")
if False:
    secret = open("/tmp/eve49-secret").read()
    as_user(65534, [NB, "collect", "ps1_memory", X], ta, show=False)
    hand_in(ta, "aaron", "ps1_memory", nb_for("ps1_memory")); hand_in(ta, "zoe", "ps1_memory", nb_for("ps1_memory"))
    grade(ta, "ps1_memory", quiet=True); scores(ta, "ps1_memory")
    as_user(65534, [NB, "release_feedback", "ps1_memory", X], ta)
    read = r'''
import sys, re
from nbgrader.utils import notebook_hash
s = open("/tmp/eve49-secret").read()
t = open(sys.argv[1] + "/" + notebook_hash(secret=s, notebook_id="ps1_memory") + ".html").read()
print("eve read bob's feedback page from the exchange:", len(t), "bytes;", re.findall(r"ps1_memory \(Score: [0-9.]+ / [0-9.]+\)", t)[:1], "bob49" in t)
'''
    as_user(2491, [PY, "-c", read, f"{root}/distcourse/feedback"], "/home/eve49")
