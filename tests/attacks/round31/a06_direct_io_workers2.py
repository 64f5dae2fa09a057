"""a06: a05's O_DIRECT read hog with --workers 2 (the default on this 2-core machine is one worker per core), so
honest students are graded beside mallory's hog; compare their grading seconds and the host's sqlite commit latency
with a control run (same sleeping mallory, no I/O). usage: a06_direct_io_workers2.py io|control"""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from common import *
import a05_direct_io as a05
if __name__ == "__main__":
    mode = sys.argv[1]
    c = make_course("a06" + mode)
    app = {"quiz_q5": a05.SLEEP.replace("100", "60")}
    if mode == "io":
        app["training_memory"] = a05.IO
    for s in ("aaron", "bella", "carl"):
        hand_in(c, s, honest())
    hand_in(c, "mallory", hostile(append=app))
    for s in ("xena", "yuri", "zoe"):
        hand_in(c, s, honest())
    import threading, sqlite3
    lat, stop = [], threading.Event()
    def probe():
        db = sqlite3.connect(f"{c}/host-fsync-probe.db"); db.execute("create table t(x)")
        while not stop.is_set():
            t = time.time(); db.execute("insert into t values (1)"); db.commit(); lat.append((t, time.time() - t)); time.sleep(0.2)
    th = threading.Thread(target=probe); th.start()
    grade(c, extra=["--workers", "2"])
    stop.set(); th.join()
    ls = sorted(l for _, l in lat)
    print(f"HOST sqlite commit latency over the run: n={len(ls)} median={ls[len(ls)//2]*1000:.1f} ms p90={ls[int(len(ls)*.9)]*1000:.1f} ms max={ls[-1]*1000:.1f} ms")
    scores(c)
