"""a09: the host-wide entries a sandbox still sees under /sys/devices/system/{cpu,node} and /proc's allow list: time one
read of each (a read that costs far more than its bytes is work of the whole host the sandbox starts at no cost of its
own, as round 44's es_shrinker_info was). Then hammer the slowest few from 4 processes for 10 s and report the rate."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
PAY = r'''
import os, time
res = []
for base in ("/sys/devices/system/cpu", "/sys/devices/system/node", "/proc"):
    for root, ds, fs in os.walk(base):
        if root.startswith("/proc/") and (root.split("/")[2].isdigit() or root.startswith(("/proc/self", "/proc/thread-self"))):
            ds[:] = []; continue
        for f in fs:
            p = os.path.join(root, f)
            try:
                t = time.perf_counter()
                with open(p, "rb") as fh: b = fh.read(1 << 20)
                res.append((time.perf_counter() - t, len(b), p))
            except OSError:
                pass
res.sort(reverse=True)
print("files read:", len(res))
for t, n, p in res[:15]:
    print(f"{t*1000:8.2f} ms {n:8d} B {p}")
slow = [p for t, n, p in res[:3]]
pids = []
for i in range(4):
    pid = os.fork()
    if pid == 0:
        end = time.time() + 10; k = 0
        while time.time() < end:
            for p in slow:
                with open(p, "rb") as fh: fh.read(1 << 20)
                k += 1
        os.write(1, f"child {i}: {k} reads in 10 s\n".encode()); os._exit(0)
    pids.append(pid)
for p in pids: os.waitpid(p, 0)
'''
d, r, sc = run_class("a09", "ps1_memory", {"mallory": with_payload("ps1_memory", "training_memory", PAY)})
print(outputs(d, "mallory", "ps1_memory")[:6000])
