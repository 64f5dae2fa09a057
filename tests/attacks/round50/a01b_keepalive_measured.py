"""a01b: a01 scaled up (230 processes x 600 pairs) with a host-side CPU benchmark: how much CPU do the keepalive
timers of mallory's sleeping sockets take from the host, charged to no cgroup of hers?
Bench: one process on the host counting loop iterations per second (nice 0), before/during/after."""
import sys, threading, time, subprocess, os
from common import *
sys.argv = [sys.argv[0], "230", "600", "100"]
src = open("a01_tcp_keepalive_storm.py").read()
CODE = src.split("CODE = f'''")[1].split("'''")[0]
NPROC, PAIRS, HOLD = 230, 600, 100
CODE = eval("f'''" + CODE + "'''")
BENCH = r'''
import time, sys
end = time.time() + float(sys.argv[1])
while time.time() < end:
    t = time.time(); n = 0
    while time.time() - t < 1.0:
        for _ in range(10000): pass
        n += 1
    print(round(time.time(), 1), n, flush=True)
'''
open("/tmp/a01b_bench.py", "w").write(BENCH)
bench = subprocess.Popen(["taskset", "-c", "0", sys.executable, "/tmp/a01b_bench.py", "400"], stdout=open("/tmp/a01b_bench.txt", "w"))
samples = []; stop = [False]
def sampler():
    while not stop[0]:
        f = open("/proc/stat").readline().split()
        samples.append((time.time(), [int(x) for x in f[1:]])); time.sleep(1)
threading.Thread(target=sampler, daemon=True).start()
time.sleep(20)
t_start = time.time()
c = make_course("a01b")
hand_in(c, "aaron", honest())
hand_in(c, "mallory", honest(overrides={"quiz_q1": CODE}))
hand_in(c, "zoe", honest())
hand_in(c, "zz_zoe2", honest())
grade(c, timeout=1200)
t_end = time.time()
time.sleep(20)
stop[0] = True; bench.kill()
scores(c); times(c); quiz_output(c)
rows = [l.split() for l in open("/tmp/a01b_bench.txt")]
def mean(a, b):
    v = [int(n) for t, n in rows if a <= float(t) < b]
    return (sum(v) / len(v) if v else 0, len(v))
print("bench iterations/s before grading:", mean(0, t_start))
print("bench during grading            :", mean(t_start, t_end))
print("bench after grading             :", mean(t_end, 1e12))
print("bench per 10 s:", [ (round(float(rows[i][0]) - t_start), int(rows[i][1])) for i in range(0, len(rows), 10)])
print("window  softirq%  system%  user%  idle%")
for i in range(0, len(samples) - 10, 10):
    (t0, a), (t1, b) = samples[i], samples[i + 10]
    d = [y - x for x, y in zip(a, b)]; tot = sum(d[:8]) or 1
    print(f"{t0 - t_start:6.0f}s  {100*d[6]/tot:6.1f}  {100*d[2]/tot:6.1f}  {100*d[0]/tot:6.1f}  {100*d[3]/tot:6.1f}")
