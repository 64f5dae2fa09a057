"""a04: round 32's fix refuses the page-cache hints that fetch pages (fadvise WILLNEED, readahead(), madvise
WILLNEED/POPULATE_READ) so that "a sandbox's queue holds at most one read a thread" (of a normal readahead window,
128 KiB here). Which other calls, not filtered, make one touch or one call fetch far more? Measured inside the
sandbox on a file of the venv nobody maps (playwright's `node`, 143 MiB, evicted by the host first with
fadvise DONTNEED as root): one 16 MiB region per method, resident pages counted with mincore() (allowed: the
sandbox's user owns the venv as an ordinary user), time of the one call."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
F = "CLONE/.venv/lib/python3.11/site-packages/playwright/driver/node"
cell = sol(A, "training_memory") + r'''
import ctypes, os, time, json, mmap
libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
libc.munmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
libc.madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
libc.mincore.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p]
F = %r
fd = os.open(F, os.O_RDONLY)
R = 16 << 20
def resident(off):
    a = libc.mmap(None, R, 1, 1, fd, off)          # PROT_READ, MAP_SHARED: no fault
    v = ctypes.create_string_buffer(R // 4096)
    rc = libc.mincore(ctypes.c_void_p(a), R, v)
    n = sum(b & 1 for b in v.raw) if rc == 0 else -ctypes.get_errno()
    libc.munmap(ctypes.c_void_p(a), R); return n
out = {}
def run(name, off, fn):
    before = resident(off); t = time.perf_counter()
    try: rc = fn(off)
    except Exception as e: rc = repr(e)
    dt = time.perf_counter() - t
    after = resident(off)
    out[name] = dict(before=before, after_pages=after, after_kib=after * 4, seconds=round(dt, 4), rc=str(rc))
def touch_map(off, advice=None, flags=1, prot=1):
    a = libc.mmap(None, R, prot, flags, fd, off)
    if advice is not None:
        r = libc.madvise(ctypes.c_void_p(a), R, advice)
        if r: return "madvise errno %%d" %% ctypes.get_errno()
    ctypes.c_char.from_address(a + 4096 * 7).value
    libc.munmap(ctypes.c_void_p(a), R); return 0
def populate(off):
    a = libc.mmap(None, R, 1, 1 | 0x8000, fd, off)   # MAP_POPULATE
    libc.munmap(ctypes.c_void_p(a), R); return a
def populate_write(off):
    a = libc.mmap(None, R, 3, 2, fd, off)            # PROT_READ|WRITE, MAP_PRIVATE
    r = libc.madvise(ctypes.c_void_p(a), R, 23)      # MADV_POPULATE_WRITE
    e = ctypes.get_errno(); libc.munmap(ctypes.c_void_p(a), R); return (r, e)
def hint_region(off, advice):
    a = libc.mmap(None, R, 1, 1, fd, off)
    r = libc.madvise(ctypes.c_void_p(a), R, advice); libc.munmap(ctypes.c_void_p(a), R); return r
def fadv_seq_read(off):
    f2 = os.open(F, os.O_RDONLY); os.posix_fadvise(f2, 0, 0, os.POSIX_FADV_SEQUENTIAL)
    os.pread(f2, 1, off + 4096 * 7); os.close(f2); return 0
MB = 1 << 20
run("read_1_byte (baseline)", 0 * MB, lambda o: len(os.pread(fd, 1, o + 4096 * 7)))
run("mmap_fault (baseline)", 16 * MB, lambda o: touch_map(o))
run("fadvise_WILLNEED (refused)", 32 * MB, lambda o: os.posix_fadvise(fd, o, R, os.POSIX_FADV_WILLNEED))
run("readahead() (refused)", 48 * MB, lambda o: libc.readahead(fd, ctypes.c_long(o), ctypes.c_size_t(R)))
run("madvise_POPULATE_READ (refused)", 64 * MB, lambda o: hint_region(o, 22))
run("madvise_HUGEPAGE + one fault", 80 * MB, lambda o: touch_map(o, 14))
run("madvise_SEQUENTIAL + one fault", 96 * MB, lambda o: touch_map(o, 2))
run("fadvise_SEQUENTIAL + read 1 byte", 112 * MB, fadv_seq_read)
run("mmap MAP_POPULATE (one call)", 128 * MB - R // 2, populate)
print("A04RESULT " + json.dumps(out))
''' % F
d = make_course("a04", A, {"mallory": {"training_memory": cell}})
subprocess.run([PY, "-c", "import os;fd=os.open(%r,os.O_RDONLY);os.posix_fadvise(fd,0,0,os.POSIX_FADV_DONTNEED)" % F])
print(subprocess.run(["fincore", F], capture_output=True, text=True).stdout)
r, el = grade(d, A)
scores(d, A)
o = outputs(d, "mallory", A, "training_memory")
import re
m = re.search(r"A04RESULT (\{.*\})", o)
if m:
    for k, v in json.loads(m.group(1)).items():
        print(f"  {k:36s} {v}")
else:
    print("OUT:", o[-3000:])
canary_scan(d)
