"""a02 (ordinary user): the per-process memory cap (RLIMIT_DATA 6 GiB, the only memory cap without cgroups) is
bypassed by shared memory mapped from /dev/zero.  The seccomp filter refuses mmap(MAP_SHARED|MAP_ANONYMOUS),
memfd and shmget (round 5's fix: "memory RLIMIT_DATA does not count"), but mmap(fd of /dev/zero, MAP_SHARED) is
the same shmem-backed shared anonymous memory with flags MAP_SHARED only, and /dev/zero is in the sandbox.
RLIMIT_DATA counts only private writable mappings, RLIMIT_AS is unlimited.  The cell: (1) a private mmap of
6.5 GiB -> refused (control), (2) /dev/zero MAP_SHARED of 16 GiB virtual -> accepted, (3) touch 6.5 GiB of it
(more than the 6 GiB cap, one process) and report /proc/self/status + /proc/meminfo Shmem, then unmap.
Kept at 6.5 GiB so as not to disturb the machine (19 GiB free); 256 processes could each do this.
RESULT: see a02.out.txt and the bottom of this file."""
from u8 import *

CELL = r'''
import mmap, os, ctypes, ctypes.util, time
libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
GiB = 1 << 30
def _status():
    s = {l.split(":")[0]: l.split(":")[1].strip() for l in open("/proc/self/status")}
    m = {l.split(":")[0]: l.split(":")[1].strip() for l in open("/proc/meminfo")}
    return f"VmRSS={s['VmRSS']} RssShmem={s.get('RssShmem')} host Shmem={m['Shmem']} MemAvailable={m['MemAvailable']}"
import resource
print("A02 RLIMIT_DATA", resource.getrlimit(resource.RLIMIT_DATA), "RLIMIT_AS", resource.getrlimit(resource.RLIMIT_AS))
try:
    mmap.mmap(-1, int(6.5 * GiB), flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    print("A02 private 6.5 GiB: accepted")
except Exception as e:
    print("A02 private 6.5 GiB:", repr(e))
try:
    mmap.mmap(-1, GiB, flags=mmap.MAP_SHARED | mmap.MAP_ANONYMOUS)
    print("A02 MAP_SHARED|MAP_ANONYMOUS: accepted")
except Exception as e:
    print("A02 MAP_SHARED|MAP_ANONYMOUS:", repr(e))
fd = os.open("/dev/zero", os.O_RDWR)
addr = libc.mmap(None, 16 * GiB, 3, 0x01, fd, 0)  # PROT_READ|WRITE, MAP_SHARED
print("A02 /dev/zero MAP_SHARED 16 GiB ->", hex(addr or 0), "errno", ctypes.get_errno())
if addr and addr != ctypes.c_void_p(-1).value:
    t = time.time()
    total = int(6.5 * GiB)
    step = 4096
    buf = (ctypes.c_char * total).from_address(addr)
    for off in range(0, total, 1 << 20):   # one write per page: memset a MiB at a time
        ctypes.memset(addr + off, 1, 1 << 20)
    print("A02 touched 6.5 GiB in one process in", round(time.time() - t, 1), "s:", _status())
    libc.munmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
    libc.munmap(addr, 16 * GiB)
    print("A02 after munmap:", _status())
'''

if __name__ == "__main__":
    nb = notebook(append={"training_memory": CELL})
    dest, p = ugrade("a02", {"devzero": nb})
    outputs(dest, "devzero")
# RESULT (10:20 UTC, uid 65534, --workers 1): BROKEN.  In the kernel: RLIMIT_DATA (6442450944, 6442450944),
# RLIMIT_AS unlimited; private mmap of 6.5 GiB -> ENOMEM (control); mmap(MAP_SHARED|MAP_ANONYMOUS) -> EPERM (the
# filter); mmap(/dev/zero, MAP_SHARED) of 16 GiB -> accepted; 6.5 GiB touched in ONE process:
# "VmRSS=7077024 kB RssShmem=6815744 kB host Shmem=6824832 kB" (MemAvailable fell 19.5 -> 12.4 GB), released at
# munmap.  The per-process cap (the only memory cap as an ordinary user) and round 5's shared-anonymous refusal
# do not hold: x 256 processes (the process cap) the host's memory is unbounded.  Score 0/30 (own only).
