"""a07: a01's MADV_MERGEABLE probe used a shared anonymous mapping (refused by the filter, so its EPERM came from
mmap). Here, with a private mapping: may a kernel opt its memory into KSM (madvise MADV_MERGEABLE, prctl
PR_SET_MEMORY_MERGE, and MADV_UNMERGEABLE)? KSM merges identical pages across every process of the host that opted
in, and a write to a merged page takes a copy-on-write fault: a timing side channel on other processes' memory
contents (another student's kernel, if it opted in too; this host has KSM off, /sys/kernel/mm/ksm/run = 0)."""
from common import *
PROBE = r'''
q1 = "b"
import ctypes, mmap, os
libc = ctypes.CDLL(None, use_errno=True)
m = mmap.mmap(-1, 1 << 20, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
addr = ctypes.addressof(ctypes.c_char.from_buffer(m))
for name, adv in (("MERGEABLE", 12), ("UNMERGEABLE", 13), ("HUGEPAGE", 14)):
    r = libc.madvise(ctypes.c_void_p(addr), ctypes.c_size_t(1 << 20), adv); print("madvise", name, r, ctypes.get_errno())
print("PR_SET_MEMORY_MERGE", libc.prctl(67, 1, 0, 0, 0), ctypes.get_errno(), "GET", libc.prctl(68, 0, 0, 0, 0))
try: print("ksm_stat", open("/proc/self/ksm_stat").read())
except OSError as e: print("ksm_stat", e)
try: print("ksm_merging_pages", open("/proc/self/ksm_merging_pages").read())
except OSError as e: print("ksm_merging_pages", e)
print("sys ksm visible", os.path.exists("/sys/kernel/mm/ksm/run"))
'''
c = probe_run("a07", PROBE)
