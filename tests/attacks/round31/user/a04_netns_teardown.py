"""a04: work that outlives the sandbox in the host kernel: the last answer cell fills its network namespace with
loopback TCP connections (about 150 processes x 600 pairs, each with unread data, then half of them closed
into TIME_WAIT), so that tearing the namespace down (a host workqueue, charged to nobody) is as costly as
possible; the host samples the TCP and TIME_WAIT slabs, times `unshare -n true` (a new network namespace, as
the next sandbox's bwrap makes), and zoe's grading time is compared with aaron's."""
import sys, os, time, threading, subprocess
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
hog = r'''
import os, socket, time, signal
def _worker(n):
    ls = socket.socket(); ls.bind(("127.0.0.1", 0)); ls.listen(1024)
    port = ls.getsockname()[1]; keep = []
    for i in range(n):
        try:
            c = socket.create_connection(("127.0.0.1", port)); s, _ = ls.accept()
            c.send(b"x" * 4096)
            keep.append((c, s))
        except OSError:
            break
    for c, s in keep[::2]:  # half closed: the client side goes to TIME_WAIT
        c.close(); s.close()
    return len(keep)
_kids = []
_t = time.time()
for _k in range(150):
    try:
        pid = os.fork()
    except OSError:
        break
    if pid == 0:
        try:
            _worker(600)
            time.sleep(3600)
        finally:
            os._exit(0)
    _kids.append(pid)
time.sleep(25)
print("FORKED", len(_kids), "in %.1f s" % (time.time() - _t))
'''
def slabs():
    out = {}
    for l in open("/proc/slabinfo"):
        f = l.split()
        if f and f[0] in ("TCP", "tw_sock_TCP", "request_sock_TCP", "sock_inode_cache"):
            out[f[0]] = int(f[1])
    return out
log = []
stop = threading.Event()
def sampler():
    t0 = time.time()
    while not stop.is_set():
        t = time.time(); subprocess.run(["unshare", "-n", "true"]); dt = time.time() - t
        log.append((round(t - t0, 1), round(dt, 3), slabs()))
        time.sleep(0.5)
print("before:", slabs())
d = make_course("a04", A, {"mallory": {"split_model": sol(A, "split_model") + "\n" + hog}})
th = threading.Thread(target=sampler, daemon=True); th.start()
r, el = grade(d, A)
time.sleep(20)
stop.set(); th.join()
scores(d, A)
print([l for l in outputs(d, "mallory", A).split("\n") if "FORKED" in l])
worst = sorted(log, key=lambda x: -x[1])[:5]
print("slowest unshare -n:", worst)
peak = max(log, key=lambda x: x[2].get("TCP", 0))
print("peak TCP slab:", peak)
for e in log[::4]:
    print(e)
print("after:", slabs())
for line in r.stderr.split("\n"):
    if "graded" in line or "failed" in line:
        print(line[-200:])
