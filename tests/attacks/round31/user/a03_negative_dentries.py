"""a03: kernel memory that outlives the sandbox and is counted nowhere (no cgroup as an ordinary user): negative
dentries on the host's root filesystem, made by lookups of names that do not exist under the read-only binds
(/usr, /lib, ...). The kernel's answer cell stats fresh names for 100 s; the host reads fs/dentry-state and the
dentry slab before, right after, and 30 s after grading; and times a fixed host lookup benchmark (stat of 200k
absent names in a fresh folder of /var/tmp) before and after, to see whether a bloated dcache slows others."""
import sys, os, time, subprocess
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
hog = r'''
import os, time
_t = time.time(); _n = 0
_dirs = ["/usr/lib", "/usr/share", "/usr/bin", "/lib", "/usr/include", "/usr/lib/x86_64-linux-gnu"]
while time.time() - _t < 100:
    for _d in _dirs:
        for _i in range(2000):
            try: os.stat(f"{_d}/zz{_n}_{_i}_qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq")
            except OSError: pass
    _n += 1
print("LOOKUPS", _n * 2000 * len(_dirs), "in %.1f s" % (time.time() - _t))
'''
def dstate():
    f = open("/proc/sys/fs/dentry-state").read().split()
    slab = [l for l in open("/proc/slabinfo") if l.startswith("dentry ")][0].split()
    mem = {l.split(":")[0]: l.split()[1] for l in open("/proc/meminfo")}
    return f"dentries={f[0]} unused={f[1]} negative={f[4]} slab_objs={slab[2]} SReclaimable={mem['SReclaimable']}kB"
def bench():
    d = "/var/tmp/a03bench"; os.makedirs(d, exist_ok=True)
    t = time.time()
    for i in range(200000):
        try: os.stat(f"{d}/b{i}")
        except OSError: pass
    return time.time() - t
print("before:", dstate(), "bench %.2fs" % bench(), "bench2 %.2fs" % bench())
sol_pd = sol(A, "per_device_memory")
d = make_course("a03", A, {"mallory": {"per_device_memory": sol_pd + "\n" + hog}})
grade(d, A, extra_args=("--submission-timeout", "600"))
print("right after:", dstate())
scores(d, A)
print([l for l in outputs(d, "mallory", A).split("\n") if "LOOKUPS" in l])
time.sleep(30)
print("30 s after:", dstate(), "bench %.2fs" % bench(), "bench2 %.2fs" % bench())
