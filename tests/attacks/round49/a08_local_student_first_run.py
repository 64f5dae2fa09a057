"""a08: round 48's fixes from a local account (eve49, already on the machine) on a course's FIRST run: eve49 polls the course
folder every 20 ms and copies every file she can open. Before the run the hand-ins and source/ are made 0700/0600 by
this script (as a TA who knows round 48 would), so anything she copies came from the run itself: .autograding/,
.taken/, autograded/, feedback/, grading_logs/ (a hand-in that fails on purpose: mallory's kernel dies 3 times),
gradebook.db and its journal, grades.csv, grading_report.json, the plot."""
from common import *
WATCH = r"""
import os, sys, time
course, loot, stop = sys.argv[1:4]
os.makedirs(loot, exist_ok=True)
got, reads = {}, 0
while not os.path.exists(stop):
    for dp, dns, fns in os.walk(course):
        for f in fns:
            p = os.path.join(dp, f)
            try:
                with open(p, "rb") as fh:
                    data = fh.read(1 << 22)
                reads += 1
                if p not in got:
                    got[p] = len(data)
                    with open(os.path.join(loot, p.replace("/", "_")), "wb") as out:
                        out.write(data)
            except OSError:
                pass
    time.sleep(0.02)
print("eve49 reads", reads, "files copied", len(got))
for p, n in sorted(got.items()):
    print("  ", n, p)
"""
with open("/tmp/eve49-watch.py", "w") as fh:
    fh.write(WATCH)
os.chmod("/tmp/eve49-watch.py", 0o755)
c = make_course("a08")
hand_in(c, "aaron", honest())
hand_in(c, "mallory", honest(overrides={"quiz_q1": "import os\nos._exit(3)"}))
hand_in(c, "zoe", honest())
for dp, dns, fns in os.walk(c):
    for n in dns: os.chmod(os.path.join(dp, n), 0o700)
    for n in fns: os.chmod(os.path.join(dp, n), 0o600)
os.chmod(c, 0o755)
before = subprocess.run(["runuser", "-u", "eve49", "--", "find", c, "-readable", "-type", "f"], capture_output=True, text=True).stdout
print("readable by eve49 before the run:", before.split())
loot, stop = "/tmp/eve49-loot-a08", "/tmp/eve49-stop-a08"
shutil.rmtree(loot, ignore_errors=True)
if os.path.exists(stop): os.remove(stop)
w = subprocess.Popen(["runuser", "-u", "eve49", "--", PY, "/tmp/eve49-watch.py", c, loot, stop], stdout=subprocess.PIPE, text=True)
grade(c)
open(stop, "w").close()
print(w.communicate(timeout=60)[0])
print(subprocess.run(f"find {c} -maxdepth 2 -printf '%m %u %p\\n'", shell=True, capture_output=True, text=True).stdout)
print(open(c + "/grades.csv").read())
report(c)
shutil.rmtree(loot, ignore_errors=True); os.remove(stop); os.remove("/tmp/eve49-watch.py")
