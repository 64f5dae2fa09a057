"""A04: round 48's fix for descriptors opened while a file was readable (`keep_private` -> `_renew`) replaces the
course's top-level *files* by private copies; for folders it chmods the top-level folder only (submitted/ -> 0700).
A folder below it keeps its mode, and a lookup from a held descriptor of a folder checks that folder alone. The TA
puts hand-ins into submitted/<student>/<assignment>/ by hand, as the README says (umask 022: 0755 folders, 0644
notebooks); before the run eve (local account) opens a descriptor of submitted/bob49/ps1_memory/. The run makes
submitted/ 0700 and says "made readable by you only (other users may have read them)". Eve then reads bob's notebook
through her descriptor, and later again after the TA replaces it with a new hand-in (collect --update, or by hand)."""
import os, subprocess, sys, time, json, shutil
sys.path.insert(0, os.path.dirname(__file__))
from harness import course, hand_in, nb_for, grade, scores, sol
import nbformat
d = course("a04")
os.chmod(d, 0o755)
old = os.umask(0o022)
for s in ("aaron", "bob49", "zoe"):
    hand_in(d, s, "ps1_memory", nb_for("ps1_memory"))
os.umask(old)
print(subprocess.run(f"stat -c '%a %n' {d}/submitted {d}/submitted/bob49 {d}/submitted/bob49/ps1_memory {d}/submitted/bob49/ps1_memory/ps1_memory.ipynb", shell=True, capture_output=True, text=True).stdout)
spy = r'''
import os, sys, time, json
d = sys.argv[1]
fd = os.open(d + "/submitted/bob49/ps1_memory", os.O_RDONLY | os.O_DIRECTORY)
print("eve holds submitted/bob49/ps1_memory/", flush=True)
while not os.path.exists("/tmp/eve49-go"): time.sleep(0.1)
os.unlink("/tmp/eve49-go") if os.access("/tmp/eve49-go", os.W_OK) else None
for round_ in range(2):
    while not os.path.exists(f"/tmp/eve49-go{round_}"): time.sleep(0.1)
    try:
        os.listdir(d + "/submitted"); print("eve can list submitted/ by path")
    except OSError as e:
        print("eve's open of submitted/ by path:", e.strerror)
    try:
        nb = json.load(open(os.open("ps1_memory.ipynb", os.O_RDONLY, dir_fd=fd)))
        src = ["".join(c["source"]) for c in nb["cells"] if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "quiz_q1"]
        tm = ["".join(c["source"]) for c in nb["cells"] if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "training_memory"]
        print(f"read {round_}: eve read bob's hand-in through her descriptor: quiz_q1 = {src[0].strip()[:60]!r}; training_memory: {tm[0].strip()[:80]!r}", flush=True)
    except OSError as e:
        print("read", round_, "refused:", e.strerror, flush=True)
'''
open("/tmp/eve49-spy4.py", "w").write(spy)
for f in ("/tmp/eve49-go0", "/tmp/eve49-go1"):
    if os.path.exists(f): os.unlink(f)
w = subprocess.Popen(["setpriv", "--reuid", "2491", "--regid", "2491", "--clear-groups", "/usr/bin/python3", "/tmp/eve49-spy4.py", d],
                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd="/home/eve49", env={"PATH": "/usr/bin:/bin"})
time.sleep(1)
r = grade(d, "ps1_memory", quiet=True); print(r.stderr[-400:]); scores(d, "ps1_memory")
print(subprocess.run(f"stat -c '%a %n' {d}/submitted {d}/submitted/bob49 {d}/submitted/bob49/ps1_memory", shell=True, capture_output=True, text=True).stdout)
open("/tmp/eve49-go", "w").close(); open("/tmp/eve49-go0", "w").close(); time.sleep(2)
# the TA replaces bob's hand-in by his resubmission (a new notebook, as collect --update or a copy by hand)
nb = nb_for("ps1_memory", {"quiz_q1": 'q1 = "b"  # bob, resubmitted after the first run'})
p = f"{d}/submitted/bob49/ps1_memory/ps1_memory.ipynb"; os.unlink(p)
old = os.umask(0o077); nbformat.write(nb, p); os.umask(old); os.chown(p, 65534, 65534)
r = grade(d, "ps1_memory", quiet=True); scores(d, "ps1_memory")
open("/tmp/eve49-go1", "w").close()
print(w.communicate(timeout=60)[0])
for f in ("/tmp/eve49-go", "/tmp/eve49-go0", "/tmp/eve49-go1"):
    if os.path.exists(f): os.unlink(f)
