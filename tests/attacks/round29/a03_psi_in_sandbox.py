"""a03: PSI triggers for real (a01: /proc/pressure/* is writable in every sandbox; a02: each trigger is ~120 B of
kmalloc no cgroup is charged, and each one's close calls synchronize_rcu, so a process holding 1,200 takes ~15 s to
die after SIGKILL, in D state). mallory's kernel (last answer cell, top level) forks 100 holders of 1,200 triggers
each (120,000); mallory2's check child (training_memory) forks 50 holders of 1,200 on each call, which the observer's
sweep must kill. A host-side monitor: processes of sandbox uids over time, kmalloc-128. Controls aaron, zoe."""
import os, re, sys, threading, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import course, scores, report, solutions, outputs

HOLD = r'''
def _psi_holders(n, per=1200):
    import os, resource, time
    resource.setrlimit(resource.RLIMIT_NOFILE, (1280, 1280))
    made = 0
    for _ in range(n):
        pid = os.fork()
        if pid == 0:
            try:
                for i in range(per):
                    fd = os.open(("/proc/pressure/memory", "/proc/pressure/io", "/proc/pressure/cpu")[i % 3], os.O_RDWR | os.O_NONBLOCK)
                    os.write(fd, b"some 150000 2000000\0")
            except OSError:
                pass
            while True:
                time.sleep(1000)
        made += 1
    return made
'''
sol = solutions()
kernel_code = sol["two_stage_step"] + "\n" + HOLD + "\n_n = _psi_holders(100)\nprint('HOLDERS', _n)\nimport time; time.sleep(3)\n"
child_code = HOLD + sol["training_memory"].replace("def training_memory(", "def _real_tm(", 1) + \
    "\n\ndef training_memory(*a, **k):\n    import sys\n    obs = sys.modules.get('probes.observer')\n" \
    "    if obs is not None and obs.ACTIVE:\n        _psi_holders(50)\n    return _real_tm(*a, **k)\n"

samples = []
stop = [False]
def kmalloc128():
    for line in open("/proc/slabinfo"):
        f = line.split()
        if f[0] == "kmalloc-128":
            return int(f[1]) * int(f[3]) // 1024
def monitor():
    t0 = time.time()
    while not stop[0]:
        n, d = 0, 0
        for pid in os.listdir("/proc"):
            if pid.isdigit():
                try:
                    uid = os.stat(f"/proc/{pid}").st_uid
                    if 65470 <= uid <= 65534:
                        n += 1
                        st = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0]
                        d += st == "D"
                except OSError:
                    pass
        samples.append((round(time.time() - t0, 1), n, d, kmalloc128()))
        time.sleep(1)
threading.Thread(target=monitor, daemon=True).start()
root, p = course("a03", "ps1_memory", {"mallory": {"two_stage_step": kernel_code}, "mallory2": {"training_memory": child_code}})
time.sleep(25)
stop[0] = True
print("scores:", scores(root))
print("report:", [(r.get("student"), r.get("status"), r.get("seconds", r.get("elapsed"))) for r in report(root)] if isinstance(report(root), list) else report(root))
print("grading_logs:", os.listdir(f"{root}/grading_logs") if os.path.isdir(f"{root}/grading_logs") else None)
for s in ("mallory", "mallory2"):
    for i, t in outputs(root, s, grep="HOLDERS") + outputs(root, s, grep="training_memory"):
        print(f"--- {s} cell {i}\n{t[:1500]}")
print("monitor (t, sandbox-uid procs, in D, kmalloc-128 kB):")
for s in samples:
    print(s)
