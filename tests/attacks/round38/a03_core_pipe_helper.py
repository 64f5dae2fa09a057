"""a03: a crash inside the sandbox starts the host's core_pattern pipe helper as host root, outside every cgroup.

The grader sets RLIMIT_CORE 0 in the sandbox ("no core file, even where cores are piped to a host program",
grader/sandbox.py), and keeps kernels dumpable (grader/zygote.py sets PR_SET_DUMPABLE 1). Linux ignores
RLIMIT_CORE for a piped core_pattern (fs/coredump.c: "Normally core limits are irrelevant to pipes"; only the
value 1 stops it): the helper (apport on Ubuntu, systemd-coredump on most systemd distributions) is started by the
kernel, as root, in the root cgroup, for every crash. This host's core_pattern is "core", so this script sets a
piped one (a logging helper of ours) for the length of the grading and restores it afterwards.
"""
import os, subprocess, time
from harness import *
LOG = "tests/attacks/round38/core_helper.log"
CRASH = r'''
import os, signal, time
_n = 0; _t = time.time()
while time.time() - _t < 15 and _n < 3000:
    pid = os.fork()
    if pid == 0:
        os.kill(os.getpid(), signal.SIGSEGV)   # default action: terminate with a core dump
        os._exit(0)
    os.waitpid(pid, 0); _n += 1
print("crashed children:", _n)
'''
if __name__ == "__main__":
    old = open("/proc/sys/kernel/core_pattern").read().strip()
    print("core_pattern before:", old)
    if os.path.exists(LOG): os.unlink(LOG)
    d = make_course("a03")
    put(d, "aaron", solution_nb())
    nb = solution_nb()
    for c in nb.cells:
        if c.get("metadata",{}).get("nbgrader",{}).get("grade_id") == "training_memory":
            c.source = c.source + "\n" + CRASH
    put(d, "mallory", nb)
    put(d, "zoe", solution_nb())
    # safety net: restore core_pattern in 240 s whatever happens to this script
    guard = subprocess.Popen(["sh", "-c", f"sleep 240; echo '{old}' > /proc/sys/kernel/core_pattern"])
    try:
        open("/proc/sys/kernel/core_pattern", "w").write("|tests/attacks/round38/corehelper.sh %P %u %c %e\n")
        print("core_pattern during:", open("/proc/sys/kernel/core_pattern").read().strip())
        grade(d)
    finally:
        open("/proc/sys/kernel/core_pattern", "w").write(old + "\n")
        guard.kill(); guard.wait()
        print("core_pattern after:", open("/proc/sys/kernel/core_pattern").read().strip())
    time.sleep(2)
    scores(d); canary_scan(d)
    lines = open(LOG).read().splitlines() if os.path.exists(LOG) else []
    print("helper runs:", len(lines))
    print("\n".join(lines[:5])); print("...")
    print("\n".join(lines[-3:]))
    print("helper uids:", sorted({l.split()[1] for l in lines}))
    print("crashed uids:", sorted({l.split()[4] for l in lines}))
    nbm = nbformat.read(f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb", as_version=4)
    for c in nbm.cells:
        if c.get("metadata",{}).get("nbgrader",{}).get("grade_id") == "training_memory":
            for o in c.get("outputs", []): print("mallory output:", str(o.get("text", o))[:300])
