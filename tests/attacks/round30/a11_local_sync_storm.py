"""a11 (local, host): sync() is allowed in the sandbox (not refused) and flushes every filesystem of the host. Does
a sync() storm from 2 unprivileged processes (uid 65534) slow the grader's own disk work? Measured: 200 sqlite
commits (the gradebook's pattern: journal + fsync) in /tmp, with a background writer making dirty pages on the host
(as other graders do), without and with the storm."""
import os, sqlite3, time, sys
def commits(tag):
    path = f"/tmp/a11-{os.getpid()}.db"
    db = sqlite3.connect(path); db.execute("create table if not exists t(x)")
    t = time.time()
    for i in range(200):
        db.execute("insert into t values (?)", (os.urandom(2000),)); db.commit()
    dt = time.time() - t; db.close(); os.unlink(path)
    print(f"{tag}: 200 commits in {dt:.2f} s"); sys.stdout.flush()
def dirtier():
    pid = os.fork()
    if pid == 0:
        end = time.time() + 60
        while time.time() < end:
            with open(f"/tmp/a11-dirty-{os.getpid()}", "wb") as fh:
                fh.write(os.urandom(8 << 20))
            time.sleep(0.05)
        os._exit(0)
    return pid
d = dirtier()
commits("baseline (dirty writer on)")
kids = []
for _ in range(2):
    pid = os.fork()
    if pid == 0:
        os.setgid(65534); os.setuid(65534)
        end = time.time() + 30
        n = 0
        while time.time() < end:
            os.sync(); n += 1
        print(f"syncer made {n} sync() calls"); os._exit(0)
    kids.append(pid)
time.sleep(1)
commits("with 2 sync() storms")
for k in kids: os.waitpid(k, 0)
commits("after")
os.kill(d, 9); os.waitpid(d, 0)
for f in os.listdir("/tmp"):
    if f.startswith("a11-dirty-"): os.unlink("/tmp/" + f)
