"""a07: the grader does not wait for a killed sandbox to be gone before the next starts, and as an ordinary user every
sandbox shares one per-user process count (RLIMIT_NPROC 267). mallory's last answer cell leaves ~230 daemons
(double-forked, own sessions) each holding a sparse 1 GiB read-only mapping whose page tables it fills (exit work),
so that the sandbox dies as slowly as it can while zoe (next) starts her kernel and her ranks. A sampler on the host
counts uid-65534 processes across the hand-over. Compare zoe's points and time with aaron's."""
import sys, threading; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
q5 = sol(A, "quiz_q5") + r'''

import os, mmap, time
def _daemon():
    try:
        m = mmap.mmap(-1, 1 << 30, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS, prot=mmap.PROT_READ)
        mv = memoryview(m)
        time.sleep(4)
        while True:
            for off in range(0, 1 << 30, 4096):
                mv[off]
            time.sleep(0.5)
    except BaseException:
        pass
    os._exit(0)
_n = 0
for _i in range(230):
    try:
        pid = os.fork()
    except OSError:
        break
    if pid == 0:
        try:
            os.setsid()
            if os.fork() == 0:
                _daemon()
        finally:
            os._exit(0)
    os.waitpid(pid, 0)
    _n += 1
print("daemons", _n)
time.sleep(6)
'''
samples = []
stop = threading.Event()
def sampler():
    while not stop.is_set():
        n = 0
        for p in os.listdir("/proc"):
            if p.isdigit():
                try:
                    if os.stat(f"/proc/{p}").st_uid == 65534:
                        n += 1
                except OSError:
                    pass
        samples.append((time.time(), n))
        time.sleep(0.2)
d = make_course("a07", A, {"mallory": {"quiz_q5": q5}})
t = threading.Thread(target=sampler, daemon=True); t.start()
grade(d, A)
stop.set()
scores(d, A)
print(outputs(d, "mallory", A, "quiz_q5")[:300])
peak = max(n for _, n in samples)
print("uid-65534 processes: peak", peak, "samples", len(samples))
t0 = samples[0][0]
big = [(round(t - t0, 1), n) for t, n in samples if n > 50]
print("timeline (t, n) where n > 50: first", big[:5], "last", big[-15:])
print("after the last big sample:", [(round(t - t0, 1), n) for t, n in samples if big and t - t0 > big[-1][0]][:15])
