"""a05: disk I/O is capped by nothing (cgroup caps memory, pids, CPU only). Mallory's kernel forks 4 processes that
read libtorch_cpu.so (the venv is bound into the sandbox) with O_DIRECT in a loop, bypassing the page cache, so the
host disk is saturated; then mallory's last cell sleeps (little CPU: admission deems it idle and starts the next
submission beside it). Compare zoe's grading time and the run's wall time with a control run (same sleep, no I/O).
usage: a05_direct_io.py io|control"""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from common import *
IO = r'''
import os, mmap, glob
import torch as _torch
_p = [os.path.join(os.path.dirname(_torch.__file__), "lib", "libtorch_cpu.so")]
print("IOTARGET", _p[:1])
_kids = []
for _k in range(4):
    _pid = os.fork()
    if _pid: _kids.append(_pid)
    if _pid == 0:
        try:
            fd = os.open(_p[0], os.O_RDONLY | os.O_DIRECT)
            size = os.fstat(fd).st_size
            buf = mmap.mmap(-1, 4 << 20, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
            off = (_k * (size // 4)) & ~4095
            while True:
                n = os.preadv(fd, [buf], off)
                off = off + n if n == (4 << 20) else 0
        except BaseException as e:
            open("/tmp/ioerr.txt", "a").write(repr(e) + "\n")
        finally:
            os._exit(0)
import time as _tt
_tt.sleep(3)
print("IOSTAT", [open(f"/proc/{k}/stat").read().split()[2] for k in _kids], open("/tmp/ioerr.txt").read() if os.path.exists("/tmp/ioerr.txt") else "")
'''
SLEEP = "\nimport time as _t\n_t.sleep(100)\n"
if __name__ == "__main__":
    mode = sys.argv[1]
    c = make_course("a05" + mode)
    app = {"quiz_q5": SLEEP}
    if mode == "io":
        app["training_memory"] = IO
    hand_in(c, "aaron", honest()); hand_in(c, "mallory", hostile(append=app)); hand_in(c, "zoe", honest())
    import threading, sqlite3
    lat, stop = [], threading.Event()
    def probe():
        db = sqlite3.connect(f"{c}/host-fsync-probe.db"); db.execute("create table t(x)")
        while not stop.is_set():
            t = time.time(); db.execute("insert into t values (1)"); db.commit(); lat.append((t, time.time() - t)); time.sleep(0.2)
    th = threading.Thread(target=probe); th.start()
    t0 = time.time()
    grade(c)
    stop.set(); th.join()
    ls = sorted(l for _, l in lat)
    print(f"HOST sqlite commit latency over the run: n={len(ls)} median={ls[len(ls)//2]*1000:.1f} ms p90={ls[int(len(ls)*.9)]*1000:.1f} ms max={ls[-1]*1000:.1f} ms"); s = scores(c); leak_scan(c)
    nb = nbformat.read(f"{c}/autograded/mallory/{A}/{A}.ipynb", 4)
    for cell in nb.cells:
        for o in cell.get("outputs", []):
            t = o.get("text") or str(o.get("evalue", ""))
            if "IOTARGET" in t or "IOSTAT" in t or "Error" in t: print(t[:2000])
