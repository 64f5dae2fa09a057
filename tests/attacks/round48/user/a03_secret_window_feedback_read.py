"""A03: the exchange flow end to end with real accounts (TA uid 65534; students bob48 honest, eve48 hostile, aaron/zoe
are not local users here so bob is the control). During the TA's first `make grade`, eve48 watches the course folder
(a02's watcher) and copies bob's submission_secret.txt out of .autograding/bob48/ps1_memory/ (nbgrader copies it there
beside the graded notebook; the folder is made with the TA's umask). After release_feedback, she computes bob's page's
name (nbgrader's notebook_hash(secret, notebook_id)) and reads bob's feedback from the exchange (feedback/ is 0711, pages
0644)."""
import os, subprocess, shutil, sys, time, glob
sys.path.insert(0, os.path.dirname(__file__))
from harness import nb_for, grade, scores, ENV, CLONE
import nbformat
NB = f"{CLONE}/.venv/bin/nbgrader"
base = "/tmp/attack48-user-ex3"
shutil.rmtree(base, ignore_errors=True)
os.makedirs(base); os.chmod(base, 0o755)
root = f"{base}/exchange"
ta = f"{base}/course"
os.makedirs(ta); shutil.copy(f"{CLONE}/nbgrader_config.py", ta)
shutil.copytree(f"{CLONE}/source", f"{ta}/source"); shutil.copytree(f"{CLONE}/release", f"{ta}/release")
subprocess.run(["chown", "-R", "65534:65534", base])

def as_user(uid, cmd, cwd, show=True, env_extra=None):
    env = {"PATH": f"{CLONE}/.venv/bin:/usr/bin:/bin", "HOME": cwd if uid != 65534 else "/tmp/attack48-user-home", "LANG": "C.UTF-8"}
    env.update(env_extra or {})
    r = subprocess.run(["setpriv", "--reuid", str(uid), "--regid", str(uid), "--clear-groups"] + cmd, cwd=cwd, env=env,
                       capture_output=True, text=True, timeout=600)
    if show: print(f"[uid {uid}] {' '.join(cmd[1:4])} rc={r.returncode}\n   " + (r.stdout + r.stderr).strip().replace("\n", "\n   ")[-1200:])
    return r

X = f"--Exchange.root={root}"
as_user(65534, [NB, "release_assignment", "ps1_memory", X, "--force"], ta)
for who, uid in (("bob48", 2482), ("eve48", 2481)):
    h = f"/home/{who}/work"; shutil.rmtree(h, ignore_errors=True); os.makedirs(h); os.chown(h, uid, uid); os.chmod(h, 0o700)
    as_user(uid, [NB, "fetch_assignment", "ps1_memory", X, "--course", "distcourse"], h)
    nb = nb_for("ps1_memory")
    p = f"{h}/ps1_memory/ps1_memory.ipynb"; nbformat.write(nb, p); os.chown(p, uid, uid)
    as_user(uid, [NB, "submit", "ps1_memory", X, "--course", "distcourse"], h)
as_user(65534, [NB, "collect", "ps1_memory", X], ta)
print(subprocess.run(["find", f"{ta}/submitted", "-printf", "%m %u %p\n"], capture_output=True, text=True).stdout)

out = "/tmp/eve48-loot-a03"
subprocess.run(["rm", "-rf", out, "/tmp/eve48-stop"])
w = subprocess.Popen(["setpriv", "--reuid", "2481", "--regid", "2481", "--clear-groups", sys.executable, "/tmp/eve48-watch2.py", ta, out],
                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
time.sleep(1)
r = grade(ta, "ps1_memory", quiet=True); print(r.stderr[-500:]); scores(ta, "ps1_memory")
open("/tmp/eve48-stop", "w").close()
print("what eve48 read during the grading:\n" + w.communicate()[0][-3000:])
as_user(65534, [NB, "release_feedback", "ps1_memory", X], ta)
print(subprocess.run(["ls", "-la", f"{root}/distcourse/feedback"], capture_output=True, text=True).stdout)

# eve, as herself: bob's secret from her loot, bob's page's name, bob's page
steal = r'''
import glob, sys
from nbgrader.utils import notebook_hash
out, fb = sys.argv[1], sys.argv[2]
for f in glob.glob(out + "/*autograding_bob48_ps1_memory_submission_secret.txt"):
    secret = open(f).read()
    name = notebook_hash(secret=secret, notebook_id="ps1_memory")
    print("bob's secret:", secret[:16] + "...", "page:", name)
    page = open(f"{fb}/{name}.html").read()
    print("eve read bob's feedback page:", len(page), "bytes; has bob48:", "bob48" in page, "; score line:",
          [l.strip()[:120] for l in page.splitlines() if "Score" in l or "score" in l][:3])
'''
open("/tmp/eve48-steal.py", "w").write(steal)
r = as_user(2481, [f"{CLONE}/.venv/bin/python", "/tmp/eve48-steal.py", out, f"{root}/distcourse/feedback"], "/home/eve48/work")
as_user(2482, [NB, "fetch_feedback", "ps1_memory", X, "--course", "distcourse"], "/home/bob48/work")
