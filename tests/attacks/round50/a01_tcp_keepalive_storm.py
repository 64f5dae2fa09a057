"""a01: CPU work no cgroup charges: TCP keepalive timers of ~100k loopback connections in mallory's sandbox.

Each keepalive probe (TCP_KEEPIDLE=TCP_KEEPINTVL=1 s) and its ACK are sent and received in timer softirq on
whatever CPU the timer fires, charged to whichever task is interrupted (or ksoftirqd), never to mallory's cgroup.
Her processes sleep, so admission also sees her idle and starts zoe beside her. Host samples /proc/stat softirq.
"""
import sys, threading, time
from common import *

NPROC = int(sys.argv[1]) if len(sys.argv) > 1 else 100
PAIRS = int(sys.argv[2]) if len(sys.argv) > 2 else 600
HOLD = int(sys.argv[3]) if len(sys.argv) > 3 else 150

CODE = f'''
q1 = "b"
import os, socket, time, signal
def _worker():
    socks = []
    ls = socket.socket(); ls.bind(("127.0.0.1", 0)); ls.listen(4096)
    addr = ls.getsockname()
    def ka(s):
        s.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPIDLE, 1)
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPINTVL, 1)
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPCNT, 127)
    try:
        for j in range({PAIRS}):
            c = socket.socket(); ka(c); c.connect(addr)
            a, _ = ls.accept(); ka(a)
            socks += [c, a]
    except OSError as e:
        pass
    return len(socks)
_pids = []
_t0 = time.time()
for i in range({NPROC}):
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            n = _worker()
            os.write(w, str(n).encode())
        except BaseException as e:
            os.write(w, b"-1")
        os.close(w)
        time.sleep(10**6)
        os._exit(0)
    os.close(w)
    _pids.append((pid, r))
_total = 0
for pid, r in _pids:
    try:
        _total += int(os.read(r, 32) or b"0")
    except Exception:
        pass
print("sockets with keepalive:", _total, "in", round(time.time() - _t0, 1), "s")
_c0 = os.times()
_w0 = time.time()
time.sleep({HOLD})
_c1 = os.times()
print("held", {HOLD}, "s; kernel's own CPU meanwhile", round((_c1.user + _c1.system) - (_c0.user + _c0.system), 2),
      "children", round((_c1.children_user + _c1.children_system) - (_c0.children_user + _c0.children_system), 2))
for pid, r in _pids:
    os.kill(pid, 9)
'''

samples = []
stop = [False]
def sampler():
    while not stop[0]:
        f = open("/proc/stat").readline().split()
        samples.append((time.time(), [int(x) for x in f[1:]]))
        time.sleep(1)
th = threading.Thread(target=sampler, daemon=True); th.start()
c = make_course("a01")
hand_in(c, "aaron", honest())
hand_in(c, "mallory", honest(overrides={"quiz_q1": CODE}))
hand_in(c, "zoe", honest())
hand_in(c, "zz_zoe2", honest())
grade(c, timeout=1200)
stop[0] = True
scores(c); times(c); quiz_output(c)
# softirq share per 10-s window: fields user nice system idle iowait irq softirq
print("window  softirq%  system%  user%  idle%")
for i in range(0, len(samples) - 10, 10):
    (t0, a), (t1, b) = samples[i], samples[i + 10]
    d = [y - x for x, y in zip(a, b)]; tot = sum(d[:8]) or 1
    print(f"{t0 - samples[0][0]:6.0f}s  {100*d[6]/tot:6.1f}  {100*d[2]/tot:6.1f}  {100*d[0]/tot:6.1f}  {100*d[3]/tot:6.1f}")
