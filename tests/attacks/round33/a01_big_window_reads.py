"""a01: the read cap's "one read a thread" with the host's 8 MiB readahead window (vda read_ahead_kb=8192,
doubled by posix_fadvise(SEQUENTIAL), which the filter lets through). mallory's first cell forks a hog:
4 GiB of anonymous memory (so its memcg keeps evicting what its own reads cached), then ~200 threads that each
pread 4 KiB at random offsets of the big files of the venv and /usr (each miss = one 8-16 MiB readahead,
every page of it locked in the page cache until mallory's throttled queue lets its bio through).
A root host probe reads 1 byte at random offsets of the same files every 50 ms: latency vs a baseline.
Honest aaron graded beside mallory (--workers 2), zoe after."""
import threading, random, statistics, glob
from common import *

HOG = r'''
import subprocess, sys, os
code = r"""
import os, sys, threading, random, time
if True:
    if True:
        try:
            import torch
            roots = [os.path.dirname(os.path.dirname(torch.__file__)), "/usr/lib", "/usr/lib64", sys.base_prefix + "/lib"]
        except Exception:
            roots = ["/usr/lib"]
        files = []
        for r in roots:
            for d, _, fs in os.walk(r):
                for f in fs:
                    p = os.path.join(d, f)
                    try:
                        st = os.stat(p)
                        if st.st_size > 4 << 20 and os.path.isfile(p):
                            files.append((p, st.st_size))
                    except OSError:
                        pass
        log = open("/tmp/hog.log", "a", buffering=1)
        log.write(f"files {len(files)} {sum(s for _, s in files)>>20} MiB\n")
        anon, got = [], 0
        while got < @ANON@:
            try:
                m = b"\x01" * (256 << 20)
            except Exception as e:
                log.write(f"anon stop at {got} MiB: {e!r}\n"); break
            anon.append(m); got += 256
        fds = []
        for p, sz in files:
            try:
                fd = os.open(p, os.O_RDONLY)
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_SEQUENTIAL)
                fds.append((fd, sz))
            except OSError:
                pass
        end = time.time() + @DUR@
        shared = bytearray(16 << 20)
        stats = {"n": 0, "slow": 0, "max": 0.0, "err": 0}
        log.write(f"anon done, fds {len(fds)}\n")
        CH = 16 << 20
        def worker():
            rnd = random.Random()
            buf = shared
            while time.time() < end:
                fd, sz = rnd.choice(fds)
                off = rnd.randrange(0, max(1, sz - CH)) & ~4095
                t = time.time()
                try:
                    os.preadv(fd, [buf], off)
                except OSError as e:
                    stats["err"] += 1
                dt = time.time() - t
                stats["n"] += 1
                if dt > 1: stats["slow"] += 1
                stats["max"] = max(stats["max"], dt)
        def reporter():
            while time.time() < end:
                time.sleep(5)
                log.write(f"{time.strftime('%H:%M:%S')} threads {threading.active_count()} {stats}\n")
        threading.Thread(target=reporter, daemon=True).start()
        ts = []
        for _ in range(@NT@):
            try:
                t = threading.Thread(target=worker, daemon=True); t.start(); ts.append(t)
            except Exception:
                break
        for t in ts:
            t.join()
"""
subprocess.Popen([sys.executable, "-c", code], start_new_session=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=open("/tmp/hog.err", "w"))
'''

def host_probe(files, stop, lat):
    rnd = random.Random(1)
    fds = [(os.open(p, os.O_RDONLY), os.path.getsize(p)) for p in files]
    while not stop.is_set():
        fd, sz = rnd.choice(fds)
        off = rnd.randrange(0, sz)
        t = time.time()
        os.pread(fd, 1, off)
        lat.append((time.time() - t, t))
        time.sleep(0.05)

def big_files():
    out = []
    for r in [CLONE + "/.venv/lib", "/usr/lib"]:
        for d, _, fs in os.walk(r):
            for f in fs:
                p = os.path.join(d, f)
                try:
                    if os.path.isfile(p) and not os.path.islink(p) and os.path.getsize(p) > 4 << 20:
                        out.append(p)
                except OSError:
                    pass
    return out

def summary(name, lat):
    xs = sorted(x for x, _ in lat)
    if not xs:
        print(name, "no samples"); return
    print(f"{name}: n={len(xs)} median={statistics.median(xs)*1000:.1f}ms p99={xs[int(len(xs)*.99)-1]*1000:.1f}ms max={xs[-1]:.2f}s total>1s={sum(x for x in xs if x>1):.1f}s")

if __name__ == "__main__":
    NT = int(os.environ.get("NT", "200")); ANON = int(os.environ.get("ANON", "4096")); DUR = int(os.environ.get("DUR", "240"))
    hog = HOG.replace("@NT@", str(NT)).replace("@ANON@", str(ANON)).replace("@DUR@", str(DUR))
    files = big_files()
    print("host probe files:", len(files))
    c = make_course("a01")
    hand_in(c, "aaron", honest())
    hand_in(c, "mallory", hostile(prepend={"training_memory": hog},
                                  append={"quiz_q5": "import time\ntime.sleep(100)\nprint(open('/tmp/hog.log').read()); print(open('/tmp/hog.err').read()[-1500:])"}))
    hand_in(c, "zoe", honest())
    stop = threading.Event(); base = []
    th = threading.Thread(target=host_probe, args=(files, stop, base)); th.start()
    time.sleep(20); stop.set(); th.join()
    summary("baseline probe (20 s, no grading)", base)
    stop = threading.Event(); lat = []
    th = threading.Thread(target=host_probe, args=(files, stop, lat), daemon=True); th.start()
    p, dt = grade(c, workers=2)
    stop.set(); th.join()
    summary("probe during grading", lat)
    worst = sorted(lat, reverse=True)[:8]
    print("worst:", [(round(x, 2), time.strftime('%H:%M:%S', time.gmtime(t))) for x, t in worst])
    scores(c); leak_scan(c)
    for i, t in outputs_grep(c, "mallory", "threads"):
        print("mallory cell", i, t[-3000:])
    for i, t in outputs_grep(c, "mallory", "files"):
        print("mallory cell", i, t[:300])
