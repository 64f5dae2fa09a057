"""a01 (ordinary user): the per-process memory cap (RLIMIT_DATA 6 GiB, the only memory cap without cgroups) does
not count PAGE TABLES.  RLIMIT_DATA counts private *writable* mappings only; a private PROT_READ anonymous mapping
(MAP_NORESERVE) of terabytes is accepted (RLIMIT_AS unlimited), and reading one byte per 2 MiB of it (THP off for
the range with MADV_NOHUGEPAGE) makes the kernel allocate one 4 KiB page-table page per read, each mapping the shared
zero page.  No seccomp rule (mmap is refused only for MAP_SHARED|MAP_ANONYMOUS) or rlimit stops it: kernel memory
(PageTables in /proc/meminfo, VmPTE in /proc/self/status) grows past the 6 GiB cap in one process, x256 processes.
Kept at ~6.5 GiB (stops early if the host's MemAvailable falls under 5 GiB), then unmapped.
RESULT: see a01.out.txt and the bottom of this file."""
from u9 import *

CELL = r'''
import mmap, resource, time
GiB = 1 << 30
def _st():
    s = {l.split(":")[0]: l.split(":")[1].strip() for l in open("/proc/self/status")}
    m = {l.split(":")[0]: l.split(":")[1].strip() for l in open("/proc/meminfo")}
    return f"VmPTE={s.get('VmPTE')} VmRSS={s['VmRSS']} VmData={s['VmData']} host PageTables={m['PageTables']} MemAvailable={m['MemAvailable']}"
print("A01 RLIMIT_DATA", resource.getrlimit(resource.RLIMIT_DATA), "RLIMIT_AS", resource.getrlimit(resource.RLIMIT_AS))
print("A01 before:", _st())
try:
    mmap.mmap(-1, 7 * GiB, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    print("A01 control: private writable 7 GiB accepted")
except Exception as e:
    print("A01 control: private writable 7 GiB:", repr(e))
SIZE = 4 << 40   # 4 TiB of read-only address space
m = mmap.mmap(-1, SIZE, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS | getattr(mmap, "MAP_NORESERVE", 0x4000), prot=mmap.PROT_READ)
m.madvise(mmap.MADV_NOHUGEPAGE)
print("A01 mapped 4 TiB PROT_READ:", _st())
t = time.time(); target = int(6.5 * GiB) // 4096   # page-table pages wanted
n = 0
for off in range(0, SIZE, 2 << 20):
    m[off]
    n += 1
    if n % 200000 == 0:
        avail = int(open("/proc/meminfo").read().split("MemAvailable:")[1].split()[0]) * 1024
        if avail < 5 * GiB:
            print("A01 stopping early, host MemAvailable", avail); break
    if n >= target:
        break
print(f"A01 {n} reads in {time.time()-t:.1f}s:", _st())
m.close()
print("A01 after munmap:", _st())
'''

if __name__ == "__main__":
    nb = notebook(append={"training_memory": CELL})
    dest, p = ugrade("a01", {"pagetables": nb})
    outputs(dest, "pagetables")
# RESULT (13:01 UTC, uid 65534, --workers 1, no cgroups): BROKEN.  In the kernel: RLIMIT_DATA 6 GiB, RLIMIT_AS
# unlimited; control: a private writable 7 GiB mmap -> ENOMEM.  4 TiB PROT_READ private anonymous -> accepted
# (VmData unchanged 411760 kB); 1,703,936 reads (one per 2 MiB) in 71.7 s ->
#   "VmPTE=6829824 kB VmRSS=276832 kB VmData=411760 kB host PageTables=6871984 kB MemAvailable=12121776 kB"
# (before: VmPTE=736 kB, host PageTables=11300 kB, MemAvailable=22039844 kB).  6.5 GiB of kernel memory in ONE
# process of a sandbox capped at 6 GiB a process, none of it counted by RLIMIT_DATA; x 256 processes (the process
# cap) the host's memory is unbounded.  Freed at munmap (VmPTE back to 736 kB).  Score 0/30 (its own only).
