"""A04 (after a03, same exchange and course): eve48 re-submits with bob48's stolen secret as her own
submission_secret.txt (128 hex digits: collect keeps it). release_feedback names a page by notebook_hash(secret,
notebook_id) alone, so eve's page and bob's get one name: the later one written replaces the other. eve's notebook
prints a forged notice. Which page does bob fetch?"""
import os, subprocess, shutil, sys, time, glob
sys.path.insert(0, os.path.dirname(__file__))
from harness import nb_for, grade, scores, ENV, CLONE, sol
import nbformat
NB = f"{CLONE}/.venv/bin/nbgrader"
base = "/tmp/attack48-user-ex3"; root = f"{base}/exchange"; ta = f"{base}/course"; X = f"--Exchange.root={root}"
def as_user(uid, cmd, cwd, show=True):
    env = {"PATH": f"{CLONE}/.venv/bin:/usr/bin:/bin", "HOME": cwd if uid != 65534 else "/tmp/attack48-user-home", "LANG": "C.UTF-8"}
    r = subprocess.run(["setpriv", "--reuid", str(uid), "--regid", str(uid), "--clear-groups"] + cmd, cwd=cwd, env=env,
                       capture_output=True, text=True, timeout=600)
    if show: print(f"[uid {uid}] {' '.join(cmd[1:4])} rc={r.returncode}\n   " + (r.stdout + r.stderr).strip().replace("\n", "\n   ")[-1500:])
    return r
secret = open(glob.glob("/tmp/eve48-loot-a03/*autograding_bob48_ps1_memory_submission_secret.txt")[0]).read()
h = "/home/eve48/work"
gid = "training_memory"  # first solution cell's grade id
nb = nb_for("ps1_memory", {gid: "print('EVE48-FORGED NOTICE: this hand-in was flagged for plagiarism; resubmit to course evil')\n" + sol("ps1_memory", gid)})
p = f"{h}/ps1_memory/ps1_memory.ipynb"; nbformat.write(nb, p); os.chown(p, 2481, 2481)
sub = as_user(2481, [NB, "submit", "ps1_memory", X, "--course", "distcourse"], h)
# eve rewrites the secret of the folder she just made (hers; inbound is -wx for her but she knows its name from her cache)
mine = sorted(glob.glob(f"{h}/.local/share/jupyter/nbgrader_cache/distcourse/eve48+ps1_memory+*"))[-1]
import re
folder = re.search(r"Destination: (.*)", sub.stdout + sub.stderr).group(1).strip()  # nbgrader prints her folder's name
open("/tmp/eve48-secret.txt", "w").write(secret); os.chmod("/tmp/eve48-secret.txt", 0o644)
as_user(2481, ["/bin/sh", "-c", f"cat /tmp/eve48-secret.txt > '{folder}/submission_secret.txt' && cat /tmp/eve48-secret.txt > '{mine}/submission_secret.txt' && echo rewrote"], h)
time.sleep(1)
as_user(65534, [NB, "collect", "ps1_memory", X, "--update"], ta)
r = grade(ta, "ps1_memory", ("--regrade",), quiet=True); print(r.stderr[-600:]); scores(ta, "ps1_memory")
as_user(65534, [NB, "release_feedback", "ps1_memory", X], ta)
print(subprocess.run(["ls", "-la", f"{root}/distcourse/feedback"], capture_output=True, text=True).stdout)
shutil.rmtree("/home/bob48/work/ps1_memory/feedback", ignore_errors=True)
as_user(2482, [NB, "fetch_feedback", "ps1_memory", X, "--course", "distcourse"], "/home/bob48/work")
for f in glob.glob("/home/bob48/work/ps1_memory/feedback/*/ps1_memory.html"):
    t = open(f).read()
    print("bob's fetched page:", f, len(t), "B; eve's forged notice in it:", "EVE48-FORGED" in t)
