"""a05: page tables of a read-only anonymous mapping touched every 2 MiB (the shared zero page: no data, one 4-KiB
page table each; RLIMIT_DATA does not count read-only mappings and RLIMIT_AS is unlimited where a cgroup exists):
are they charged to the sandbox's memory cgroup (v1 kmem)?  Host PageTables (/proc/meminfo, inside) vs the
sandbox cgroup's usage (outside)."""
import glob, threading, time, sys
from common import *
GIB = int(sys.argv[1]) if len(sys.argv) > 1 else 400
CODE = r'''
import mmap, ctypes, time
def pt():
    return [int(l.split()[1]) >> 10 for l in open("/proc/meminfo") if l.startswith("PageTables")][0]
a = pt()
m = mmap.mmap(-1, %d << 30, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS | 0x4000, prot=mmap.PROT_READ)  # MAP_NORESERVE
s = 0
for off in range(0, len(m), 2 << 20):
    s += m[off]
time.sleep(3)
print("PAGETABLES host growth MiB", pt() - a, "for", %d, "GiB mapped", flush=True)
time.sleep(6)
''' % (GIB, GIB)
OWN = [l.split(":")[2].strip() for l in open("/proc/self/cgroup") if ":memory:" in l][0]
samples = []; stop = False
def sampler():
    while not stop:
        for f in glob.glob("/sys/fs/cgroup/memory" + OWN + "/distcourse-sandbox-*/"):
            try: samples.append((f.split("/")[-2], int(open(f + "memory.usage_in_bytes").read()), int(open(f + "memory.kmem.usage_in_bytes").read())))
            except OSError: pass
        time.sleep(0.3)
threading.Thread(target=sampler, daemon=True).start()
c = probe_run(f"a05", CODE)
stop = True
peak = {}
for g, v, k in samples:
    p = peak.get(g, (0, 0)); peak[g] = (max(p[0], v), max(p[1], k))
print("sandbox cgroup peaks MiB (usage, kmem):", {g: (v >> 20, k >> 20) for g, (v, k) in peak.items()})
