"""a05: after a04 the TA does what the report says ("grade it again"): the same course graded again in the same
small host. mallory failed "no fault of the hand-in", so she is graded again too, before zoe. Does zoe get graded?"""
import sys, os, subprocess
from common import *
HOST_GIB = float(sys.argv[1]) if len(sys.argv) > 1 else 4
PARENT = "/sys/fs/cgroup/memory" + [l.split(":")[2] for l in open("/proc/self/cgroup").read().split("\n") if ":memory:" in l][0]
HOST = PARENT + "/a51host5"
os.makedirs(HOST, exist_ok=True)
open(HOST + "/memory.limit_in_bytes", "w").write(str(int(HOST_GIB * 2**30)))
open(HOST + "/cgroup.procs", "w").write(str(os.getpid()))
c = "/tmp/attack51-root-a04"
for run in (1, 2):
    print("=== rerun", run)
    grade(c, timeout=1500)
    scores(c); times(c)
print("--- kernel log (OOM kills in a51host5) ---")
for l in subprocess.run(["dmesg"], capture_output=True, text=True).stdout.split("\n"):
    if "Killed process" in l and ("oom_score_adj:0" in l or "ipykernel" in l):
        print(l[:260])
