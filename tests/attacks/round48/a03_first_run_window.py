"""a03: the course's first grading run: keep_private() runs at the start (when gradebook.db, .autograding/ and
autograded/ do not exist yet) and at the end, so everything nbgrader makes meanwhile has the umask's modes.
A local student (eve48) polls the course folder while root grades and copies whatever she can read: other
students' hand-ins in .autograding/, graded notebooks in autograded/, gradebook.db (every grade).
Then a second run (--regrade, with a new student bob) to see whether the window stays."""
from common import *
import threading, sqlite3
c = make_course("a03")
ZOE_MARK = "ZOE-PRIVATE-WORK-7731"
zoe_nb = honest(overrides={"quiz_q2": f'q2 = "b"  # {ZOE_MARK}'})
# keep the real answer of q2: read it from the source
hand_in(c, "aaron", honest())
hand_in(c, "mallory", honest())
hand_in(c, "zoe", honest())
# add a marker to zoe's notebook without changing an answer: a markdown cell
nb = nbformat.read(f"{c}/submitted/zoe/ps1_memory/ps1_memory.ipynb", as_version=4)
nb.cells.insert(1, nbformat.v4.new_markdown_cell(f"my notes {ZOE_MARK}"))
nbformat.write(nb, f"{c}/submitted/zoe/ps1_memory/ps1_memory.ipynb")
loot = "/tmp/eve48-loot-root-a03"
subprocess.run(["rm", "-rf", loot])
WATCH = r'''
import os, shutil, sys, time
course, loot, stop = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(loot, exist_ok=True)
got = {}
while not os.path.exists(stop):
    for dp, dn, fn in os.walk(course):
        for f in fn:
            p = os.path.join(dp, f)
            if '/release/' in p or p.endswith('nbgrader_config.py'): continue
            try:
                data = open(p, 'rb').read()
            except OSError:
                continue
            key = p.replace('/', '_')
            if got.get(key) != len(data):
                got[key] = len(data)
                open(os.path.join(loot, key), 'wb').write(data)
    time.sleep(0.2)
'''
open("/tmp/eve48-watch-root.py", "w").write(WATCH)
stop = "/tmp/eve48-stop-root-a03"
if os.path.exists(stop): os.remove(stop)
w = subprocess.Popen(["runuser", "-u", "eve48", "--", CLONE + "/.venv/bin/python", "/tmp/eve48-watch-root.py", c, loot, stop])
grade(c)
print(open(c + "/grades.csv").read())
time.sleep(2)
print("=== eve48's loot after the first run:")
for f in sorted(os.listdir(loot)):
    data = open(os.path.join(loot, f), "rb").read()
    print(f"{len(data):8d} {f}  zoe_marker={'yes' if ZOE_MARK.encode() in data else 'no'}")
for f in os.listdir(loot):
    if f.endswith("gradebook.db"):
        try:
            db = sqlite3.connect(os.path.join(loot, f))
            print("gradebook copy: students", db.execute("select id from student").fetchall(),
                  "grades rows", db.execute("select count(*), sum(auto_score) from grade").fetchall())
        except Exception as e:
            print("gradebook copy unreadable", e)
# second run: a new student, regrade
subprocess.run(["rm", "-rf", loot]); os.makedirs(loot); os.chmod(loot, 0o777)
hand_in(c, "bob", honest())
subprocess.run(["chmod", "700", f"{c}/submitted/bob"])  # as the collect would make it
grade(c, extra=["--regrade"])
open(stop, "w").close(); w.wait(timeout=30)
print("=== eve48's loot during the second run (--regrade + bob):")
for f in sorted(os.listdir(loot)):
    print(f"{os.path.getsize(os.path.join(loot, f)):8d} {f}")
print(open(c + "/grades.csv").read())
subprocess.run(["ls", "-la", c])
