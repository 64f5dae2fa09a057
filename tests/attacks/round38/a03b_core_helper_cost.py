"""a03b: what the host pays for a03's helpers. The host's core_pattern piped to an apport-like helper (a Python
start-up per crash, ~50 ms CPU, lighter than apport); two gradings with --workers 2 (make grade's default is one
worker per CPU): control (mallory honest) and attack (mallory's kernel keeps ~150 crashing children in flight for
60 s: each waits in the kernel's core dump until its helper exits, so the sandbox's pids cap bounds the helpers in
flight, and they run as root in the root cgroup). Honest students' grading times and a host probe compared."""
import json, os, subprocess, sys, threading, time, statistics
from harness import *
LOG = "tests/attacks/round38/core_helper_heavy.log"
CRASH = r'''
import os, signal, time
_live = set(); _n = 0; _t = time.time()
while time.time() - _t < 60:
    while len(_live) < 150:
        pid = os.fork()
        if pid == 0:
            os.kill(os.getpid(), signal.SIGSEGV)
            os._exit(0)
        _live.add(pid)
    pid, _ = os.wait(); _live.discard(pid); _n += 1
for p in list(_live): os.waitpid(p, 0)
print("crashed children:", _n)
'''
def probe(stop, out):
    # host responsiveness: wall time of a fixed 20 ms CPU chunk, every 0.25 s
    while not stop.is_set():
        t = time.perf_counter(); x = 0
        for i in range(200000): x += i
        out.append(time.perf_counter() - t); time.sleep(0.25)

def run(tag, hostile):
    d = make_course(tag)
    put(d, "aaron", solution_nb())
    nb = solution_nb()
    if hostile:
        for c in nb.cells:
            if c.get("metadata",{}).get("nbgrader",{}).get("grade_id") == "training_memory":
                c.source = c.source + "\n" + CRASH
    put(d, "mallory", nb)
    put(d, "zoe", solution_nb())
    put(d, "zz_late", solution_nb())
    if os.path.exists(LOG): os.unlink(LOG)
    stop, samples = threading.Event(), []
    th = threading.Thread(target=probe, args=(stop, samples)); th.start()
    t0 = time.time()
    grade(d, extra_args=("--workers", "2"))  # later --workers wins in argparse
    stop.set(); th.join()
    rep = json.load(open(f"{d}/grading_report.json"))
    helpers = len(open(LOG).read().splitlines()) if os.path.exists(LOG) else 0
    print(f"== {tag}: hostile={hostile} wall={time.time()-t0:.1f}s helpers={helpers}")
    for r in rep: print(f"   {r['student']:8s} {r['status']:7s} {r['seconds']:.1f}s {r['reason'][:100]}")
    print(f"   host probe (20 ms chunk): median {statistics.median(samples)*1000:.1f} ms, p90 {sorted(samples)[int(len(samples)*.9)]*1000:.1f} ms, max {max(samples)*1000:.0f} ms, n={len(samples)}")
    scores(d)
    return d

if __name__ == "__main__":
    old = open("/proc/sys/kernel/core_pattern").read().strip()
    guard = subprocess.Popen(["sh", "-c", f"sleep 600; echo '{old}' > /proc/sys/kernel/core_pattern"])
    try:
        open("/proc/sys/kernel/core_pattern", "w").write("|tests/attacks/round38/corehelper_heavy.sh %P\n")
        run("a03b-control", False)
        run("a03b-attack", True)
    finally:
        open("/proc/sys/kernel/core_pattern", "w").write(old + "\n")
        guard.kill(); guard.wait()
        print("core_pattern restored:", open("/proc/sys/kernel/core_pattern").read().strip())
