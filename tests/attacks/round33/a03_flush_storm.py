"""a03: disk cache flushes, which no read cap counts. fsync() of a file opened read-only (the venv's, ext4) and
sync()/syncfs() are allowed in the sandbox; on ext4 each may send the disk a cache flush (on this VM: virtio
flush = the host's fsync of the disk image). mallory's first cell forks a hog of 150 threads calling
fsync/syncfs/sync in a loop for DUR s. Host (root, outside): a 4 KiB write + fsync of a file every 50 ms (what a
sqlite commit of the gradebook costs), latency vs a baseline. Honest aaron beside (--workers 2), zoe after."""
import threading, statistics
from common import *

HOG = r'''
import os, threading, time, sys
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        log = open("/tmp/hog.log", "a", buffering=1)
        fd = os.open(sys.executable, os.O_RDONLY)
        end = time.time() + @DUR@
        st = {"fsync": 0, "syncfs": 0, "sync": 0, "err": 0, "max": 0.0}
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        def w(i):
            while time.time() < end:
                t = time.time()
                try:
                    if i % 3 == 0:
                        os.fsync(fd); st["fsync"] += 1
                    elif i % 3 == 1:
                        libc.syncfs(fd); st["syncfs"] += 1
                    else:
                        os.sync(); st["sync"] += 1
                except OSError as e:
                    st["err"] += 1; st["e"] = repr(e)
                st["max"] = max(st["max"], time.time() - t)
        for i in range(@NT@):
            threading.Thread(target=w, args=(i,), daemon=True).start()
        while time.time() < end:
            time.sleep(5); log.write(f"{time.strftime('%H:%M:%S')} {st}\n")
        os._exit(0)
    os._exit(0)
os.wait()
'''

def host_probe(stop, lat):
    p = "/var/tmp/attack33-root-a03-probe"
    fd = os.open(p, os.O_WRONLY | os.O_CREAT, 0o600)
    i = 0
    while not stop.is_set():
        t = time.time()
        os.pwrite(fd, os.urandom(4096), (i % 64) * 4096); os.fsync(fd)
        lat.append((time.time() - t, t)); i += 1
        time.sleep(0.05)
    os.close(fd); os.unlink(p)

def summary(name, lat):
    xs = sorted(x for x, _ in lat)
    print(f"{name}: n={len(xs)} median={statistics.median(xs)*1000:.1f}ms p90={xs[int(len(xs)*.9)]*1000:.1f}ms p99={xs[int(len(xs)*.99)-1]*1000:.1f}ms max={xs[-1]*1000:.0f}ms")

if __name__ == "__main__":
    NT = int(os.environ.get("NT", "150")); DUR = int(os.environ.get("DUR", "90"))
    hog = HOG.replace("@NT@", str(NT)).replace("@DUR@", str(DUR))
    c = make_course("a03")
    hand_in(c, "aaron", honest())
    hand_in(c, "mallory", hostile(prepend={"training_memory": hog},
                                  append={"quiz_q5": "import time\ntime.sleep(80)\nprint(open('/tmp/hog.log').read())"}))
    hand_in(c, "zoe", honest())
    stop = threading.Event(); base = []
    th = threading.Thread(target=host_probe, args=(stop, base)); th.start()
    time.sleep(15); stop.set(); th.join()
    summary("baseline write+fsync (15 s, no grading)", base)
    stop = threading.Event(); lat = []
    th = threading.Thread(target=host_probe, args=(stop, lat), daemon=True); th.start()
    p, dt = grade(c, workers=2)
    stop.set(); th.join()
    summary("write+fsync during grading", lat)
    print("worst:", [(round(x, 3), time.strftime('%H:%M:%S', time.gmtime(t))) for x, t in sorted(lat, reverse=True)[:8]])
    scores(c); leak_scan(c)
    for i, t in outputs_grep(c, "mallory", "fsync"):
        print("mallory cell", i, t[-2500:])
