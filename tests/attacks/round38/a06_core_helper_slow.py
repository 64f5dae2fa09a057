"""a06: a03 with a slow helper (20 s, reads nothing). 200 children crash at once and the cell goes on; each crashed
process waits in its dump until its helper ends. Does that hold the kernel's sandbox, its teardown or the next
students' grading, and how many root helpers outlive mallory's grading?"""
import json, os, subprocess, time
from harness import *
LOG = "tests/attacks/round38/core_helper_slow.log"
CRASH = r'''
import os, signal, time
for _ in range(200):
    if os.fork() == 0:
        os.kill(os.getpid(), signal.SIGSEGV); os._exit(0)
time.sleep(2)
print("200 crashing children left behind")
'''
if __name__ == "__main__":
    old = open("/proc/sys/kernel/core_pattern").read().strip()
    if os.path.exists(LOG): os.unlink(LOG)
    d = make_course("a06")
    put(d, "aaron", solution_nb())
    nb = solution_nb()
    for c in nb.cells:
        if c.get("metadata",{}).get("nbgrader",{}).get("grade_id") == "training_memory":
            c.source = c.source + "\n" + CRASH
    put(d, "mallory", nb)
    put(d, "zoe", solution_nb())
    guard = subprocess.Popen(["sh", "-c", f"sleep 400; echo '{old}' > /proc/sys/kernel/core_pattern"])
    try:
        open("/proc/sys/kernel/core_pattern", "w").write("|tests/attacks/round38/corehelper_slow.sh %P\n")
        t0 = time.time(); grade(d); t1 = time.time()
        alive = subprocess.run("ps -eo user,pid,etimes,args | grep corehelper_slow | grep -v grep | wc -l", shell=True, capture_output=True, text=True).stdout.strip()
        print(f"root helpers still running when the grading ended: {alive}")
    finally:
        open("/proc/sys/kernel/core_pattern", "w").write(old + "\n")
        guard.kill(); guard.wait()
        print("core_pattern restored:", open("/proc/sys/kernel/core_pattern").read().strip())
    rep = json.load(open(f"{d}/grading_report.json"))
    for r in rep: print(f"   {r['student']:8s} {r['status']:7s} {r['seconds']:.1f}s {r['reason'][:120]}")
    scores(d)
    time.sleep(22)
    lines = open(LOG).read().splitlines() if os.path.exists(LOG) else []
    print("helper starts:", sum(" start " in l for l in lines), "ends:", sum(" end " in l for l in lines),
          "uids:", sorted({l.split()[2] for l in lines if " start " in l}))
