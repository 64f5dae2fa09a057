"""A02: a01 again, the watcher now copies each file again whenever it changes (size or mtime), so what eve48 holds
at the end is the last state she could read: does she get the class's grades (gradebook.db) and every student's
graded notebook (.autograding/) in the first run? Then a second run (--regrade, a new student added): same?"""
import os, subprocess, sys, time, sqlite3, json
sys.path.insert(0, os.path.dirname(__file__))
from harness import *

watch = r'''
import os, sys, time
d, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
seen = {}
t0 = time.time()
while time.time() - t0 < 400 and not os.path.exists(d + "/../eve48-stop"):
    for root, dirs, files in os.walk(d):
        for f in files:
            p = os.path.join(root, f)
            try:
                st = os.stat(p)
                key = (st.st_size, st.st_mtime_ns)
                if seen.get(p, (None,))[0] == key:
                    continue
                b = open(p, "rb").read()
            except Exception:
                continue
            first = seen.get(p, (None, round(time.time() - t0, 1)))[1]
            seen[p] = (key, first, round(time.time() - t0, 1), len(b))
            open(os.path.join(out, p.replace("/", "_")), "wb").write(b)
    time.sleep(0.05)
for p, v in sorted(seen.items(), key=lambda kv: kv[1][1]):
    if "/release/" in p or "/source/" in p: continue
    print("first %5.1fs last %5.1fs %7d B  %s" % (v[1], v[2], v[3], p))
'''
open("/tmp/eve48-watch2.py", "w").write(watch)

def run(d, tag, extra=()):
    out = f"/tmp/eve48-loot-{tag}"
    subprocess.run(["rm", "-rf", out, "/tmp/eve48-stop"])
    w = subprocess.Popen(["setpriv", "--reuid", "2481", "--regid", "2481", "--clear-groups", sys.executable, "/tmp/eve48-watch2.py", d, out],
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    time.sleep(1)
    r = grade(d, "ps1_memory", extra, quiet=True)
    print(r.stderr[-600:])
    scores(d, "ps1_memory")
    open("/tmp/eve48-stop", "w").close()
    print(f"--- {tag}: what eve48 (uid 2481) read during the run:")
    print(w.communicate()[0][-5000:])
    for k in os.listdir(out):
        if k.endswith("gradebook.db"):
            db = sqlite3.connect(os.path.join(out, k))
            try:
                print("eve's last copy of gradebook.db:", db.execute(
                    "select student.id, sum(grade.auto_score) from grade join submitted_notebook on grade.notebook_id=submitted_notebook.id "
                    "join submitted_assignment on submitted_notebook.assignment_id=submitted_assignment.id join student on "
                    "submitted_assignment.student_id=student.id group by student.id").fetchall())
            except Exception as e:
                print("gradebook copy:", e)
        if "autograding" in k and k.endswith(".ipynb"):
            nb = json.load(open(os.path.join(out, k)))
            code = [c for c in nb["cells"] if c.get("metadata", {}).get("nbgrader", {}).get("solution")]
            print(f"eve's copy {k[-60:]}: {len(code)} solution cells, first 80 chars: {''.join(code[0]['source'])[:80]!r}")

d = course("a02")
os.chmod(d, 0o755)
for c in ("aaron", "mallory", "zoe"):
    hand_in(d, c, "ps1_memory", nb_for("ps1_memory"))
run(d, "a02-first")
hand_in(d, "brenda", "ps1_memory", nb_for("ps1_memory"))
run(d, "a02-second", ("--regrade",))
print("modes now:", {n: oct(os.stat(os.path.join(d, n)).st_mode & 0o777) for n in os.listdir(d)})
