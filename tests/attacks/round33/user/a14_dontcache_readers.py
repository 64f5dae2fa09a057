"""a14: a13's RWF_DONTCACHE as round 31's O_DIRECT readers: 4 threads of the kernel re-read playwright's `node`
(143 MiB) with RWF_DONTCACHE for 25 s (every pass from the disk); a host probe (root, outside) re-reads 4 MiB of
another evicted venv file every 0.5 s before, during and after. Kernel: bytes read, its CPU seconds vs wall."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
F = "CLONE/.venv/lib/python3.11/site-packages/playwright/driver/node"
cell = sol(A, "training_memory") + r'''
import os, time, threading
F = %r; total = [0]; stop = time.time() + 25
def reader():
    fd = os.open(F, os.O_RDONLY); size = os.fstat(fd).st_size; buf = bytearray(1 << 20)
    while time.time() < stop:
        for off in range(0, size, 1 << 20):
            total[0] += os.preadv(fd, [buf], off, 0x80)
t0 = time.time(); c0 = time.process_time()
ts = [threading.Thread(target=reader) for _ in range(4)]; [t.start() for t in ts]; [t.join() for t in ts]
w = time.time() - t0; c = time.process_time() - c0
print(f"A14 read {total[0] / 2**30:.1f} GiB in {w:.1f} s ({total[0] / 2**20 / w:.0f} MiB/s), process CPU {c:.1f} s", flush=True)
''' % F
d = make_course("a14", A, {"mallory": {"training_memory": cell}})
log = "/tmp/attack33-user-a14-probe.txt"; open(log, "w").close()
probe = subprocess.Popen([PY, "tests/attacks/round33/user/disk_probe.py", "90", log])
time.sleep(5)
r, el = grade(d, A)
time.sleep(5); probe.kill()
scores(d, A)
print("OUT mallory:", outputs(d, "mallory", A, "training_memory")[:600])
print(open(log).read())
canary_scan(d)
