"""a04: RLIMIT_DATA counts only *writable* private mappings: a mapping made, filled, then mprotect'ed read-only
leaves the data count while its pages stay (anonymous, in RSS). mprotect checks the limit only when a mapping
becomes writable, never when it stops being so. So a process holds up to RLIMIT_AS (memory cap + 16 GiB =
22 GiB) of anonymous memory under the 6 GiB data cap, x 256 processes: round 10's MAP_GROWSDOWN and round
11's stack, by a third way (no flag to refuse: mprotect(PROT_READ) is everyday). Here one kernel process
holds GIB GiB (default 7) with VmData near zero, for a few seconds."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u12

GIB = int(sys.argv[1]) if len(sys.argv) > 1 else 7
CELL = r'''
import ctypes, mmap, resource, time
def _hold(gib):
    libc = ctypes.CDLL(None, use_errno=True)
    def st(k): return next(int(l.split()[1]) // 1024 for l in open("/proc/self/status") if l.startswith(k + ":"))
    def mi(k): return next(int(l.split()[1]) // 1024 for l in open("/proc/meminfo") if l.startswith(k + ":"))
    a0 = mi("MemAvailable")
    kept = []
    for _ in range(gib * 4):
        m = mmap.mmap(-1, 256 << 20, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
        addr = ctypes.addressof(ctypes.c_char.from_buffer(m))
        ctypes.memset(addr, 1, 256 << 20)
        assert libc.mprotect(ctypes.c_void_p(addr), ctypes.c_size_t(256 << 20), 1) == 0  # PROT_READ
        kept.append((m, addr))
    print(f"RLIMIT_DATA {resource.getrlimit(resource.RLIMIT_DATA)[0] >> 20} MiB, RLIMIT_AS {resource.getrlimit(resource.RLIMIT_AS)[0] >> 20} MiB;"
          f" VmData {st('VmData')} MiB, VmRSS {st('VmRSS')} MiB; host MemAvailable {a0} -> {mi('MemAvailable')} MiB", flush=True)
    time.sleep(5)
    for m, addr in kept:
        libc.munmap(ctypes.c_void_p(addr), ctypes.c_size_t(256 << 20))
    print("released: MemAvailable", mi("MemAvailable"), "MiB", flush=True)
_hold(%d)
''' % GIB

hostile = u12.notebook("ps1_memory", append={"training_memory": CELL})
dest = u12.course("a04", {("mallory", "ps1_memory"): hostile})
u12.grade(dest)
u12.scores(dest)
import nbformat
nb = nbformat.read(f"{dest}/autograded/mallory/ps1_memory/ps1_memory.ipynb", 4)
for c in nb.cells:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "training_memory":
        for o in c.get("outputs", []):
            print("OUTPUT:", o.get("text") or o.get("evalue"))
