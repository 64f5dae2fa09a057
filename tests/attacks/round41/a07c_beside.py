"""a07c: a07's sync storm (64 threads, 45 s) with --workers 2, honest students graded beside it (aaron, bob, carol
before mallory; zoe, zed after), host dirty writer on; against mallory sleeping 45 s."""
import sys, threading, os, time; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
MODE = sys.argv[1]
ATTACK = '''q1 = "b"
import os, threading, time
def _storm():
    end = time.time() + 45
    while time.time() < end: os.sync()
_ts = [threading.Thread(target=_storm) for _ in range(64)]
[t.start() for t in _ts]; [t.join() for t in _ts]
'''
SLEEP = 'q1 = "b"\nimport time\ntime.sleep(45)\n'
stop = [False]
def writer():
    with open("tests/attacks/round41/a07c_dirty.bin", "wb") as fh:
        while not stop[0]:
            fh.seek(0)
            for _ in range(20): fh.write(os.urandom(1 << 20)); time.sleep(0.05)
th = threading.Thread(target=writer); th.start()
d = make_course("a07c" + MODE)
for s in ("aaron", "bob", "carol", "zoe", "zed"): hand_in(d, s, notebook())
hand_in(d, "mallory", notebook(overrides={"quiz_q1": ATTACK if MODE == "sync" else SLEEP}))
grade(d, extra=("--workers", "2"))
stop[0] = True; th.join(); os.unlink("tests/attacks/round41/a07c_dirty.bin")
scores(d)
rep = json.load(open(f"{d}/grading_report.json"))
print(MODE, "seconds:", {r["student"]: round(r["seconds"], 1) for r in rep})
