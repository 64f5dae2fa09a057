"""a02: page-cache calls the filter does not list, from inside the kernel: MADV_POPULATE_WRITE on a private file
mapping (POPULATE_READ is refused), MADV_HUGEPAGE+MADV_COLLAPSE, mmap(MAP_POPULATE), mlock, remap_file_pages,
cachestat (6.5), fadvise NOREUSE, preadv2(RWF_NOWAIT) probing, listmount/statmount (6.8), file_getattr (6.17).
Timed on a cold file (a torch library a CPU kernel never loads) to see whether each reads the disk."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from common import *
CODE = r'''
import ctypes, mmap, os, time, glob, errno, struct
libc = ctypes.CDLL(None, use_errno=True)
libc.madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
libc.syscall.restype = ctypes.c_long
def cold_files():
    fs = []
    for root, ds, names in os.walk("/usr"):
        for n in names:
            p = os.path.join(root, n)
            try:
                if os.path.isfile(p) and not os.path.islink(p) and os.path.getsize(p) > (40 << 20): fs.append(p)
            except OSError: pass
    return sorted(fs, key=os.path.getsize, reverse=True)
FS = []
def incore(path):
    fd = os.open(path, os.O_RDONLY); size = os.fstat(fd).st_size
    m = mmap.mmap(fd, size, mmap.MAP_SHARED, mmap.PROT_READ); os.close(fd)
    addr = ctypes.addressof(ctypes.c_char.from_buffer_copy(b"x"))  # dummy
    buf = (ctypes.c_ubyte * ((size + 4095)//4096))()
    a = ctypes.c_void_p.from_buffer(m) if False else None
    import numpy as np
    arr = np.frombuffer(m, dtype=np.uint8)
    base = arr.ctypes.data
    r = libc.mincore(ctypes.c_void_p(base), ctypes.c_size_t(size), buf)
    n = sum(b & 1 for b in buf)
    del arr; m.close()
    return n * 4096, size
def mapped(path, flags=mmap.MAP_PRIVATE, prot=mmap.PROT_READ):
    fd = os.open(path, os.O_RDONLY); size = os.fstat(fd).st_size
    m = mmap.mmap(fd, size, flags, prot); os.close(fd)
    import numpy as np
    return m, np.frombuffer(m, dtype=np.uint8).ctypes.data, size
results = []
def trial(name, fn, path):
    before = 0
    t = time.time()
    try:
        r = fn(path); err = ctypes.get_errno()
    except Exception as ex:
        r, err = repr(ex), 0
    dt = time.time() - t
    after, size = 0, os.path.getsize(path)
    print(f"TRIAL {name}: ret={r} errno={err} {dt:.2f}s cached {before>>20}->{after>>20} MiB of {size>>20} ({os.path.basename(path)})", flush=True)
def populate_write(path):
    m, a, size = mapped(path, mmap.MAP_PRIVATE, mmap.PROT_READ | mmap.PROT_WRITE)
    n = min(size, 256 << 20)
    return libc.madvise(ctypes.c_void_p(a), ctypes.c_size_t(n), 23)
def populate_read(path):
    m, a, size = mapped(path)
    return libc.madvise(ctypes.c_void_p(a), ctypes.c_size_t(min(size, 256 << 20)), 22)
def willneed(path):
    m, a, size = mapped(path)
    return libc.madvise(ctypes.c_void_p(a), ctypes.c_size_t(min(size, 256 << 20)), 3)
def collapse(path):
    fd = os.open(path, os.O_RDONLY); size = os.fstat(fd).st_size
    libc.mmap.restype = ctypes.c_void_p
    libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
    n = min(size, 64 << 20) & ~((2 << 20) - 1)
    a = libc.mmap(None, n, 1 | 4, 2, fd, 0)  # PROT_READ|PROT_EXEC, MAP_PRIVATE
    r1 = libc.madvise(ctypes.c_void_p(a), ctypes.c_size_t(n), 14)  # MADV_HUGEPAGE
    e1 = ctypes.get_errno()
    r2 = libc.madvise(ctypes.c_void_p(a), ctypes.c_size_t(n), 25)  # MADV_COLLAPSE
    return (r1, e1, r2)
def map_populate(path):
    fd = os.open(path, os.O_RDONLY); size = os.fstat(fd).st_size
    libc.mmap.restype = ctypes.c_void_p
    libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
    a = libc.mmap(None, min(size, 256 << 20), 1, 2 | 0x8000, fd, 0)
    return hex(a or 0)
def mlock_it(path):
    m, a, size = mapped(path)
    return libc.mlock(ctypes.c_void_p(a), ctypes.c_size_t(min(size, 256 << 20)))
def fadv_noreuse(path):
    fd = os.open(path, os.O_RDONLY)
    return os.posix_fadvise(fd, 0, 0, 5)
def fadv_willneed(path):
    fd = os.open(path, os.O_RDONLY)
    return os.posix_fadvise(fd, 0, 256 << 20, os.POSIX_FADV_WILLNEED)
def cachestat(path):
    fd = os.open(path, os.O_RDONLY)
    rng = (ctypes.c_uint64 * 2)(0, 0); cs = (ctypes.c_uint64 * 5)()
    r = libc.syscall(451, fd, rng, cs, 0)
    return (r, list(cs))
def preadv2_nowait(path):
    fd = os.open(path, os.O_RDONLY)
    try:
        return len(os.preadv(fd, [bytearray(4096)], 0, os.RWF_NOWAIT))
    except OSError as ex:
        return repr(ex)
print("rlimit memlock", __import__("resource").getrlimit(__import__("resource").RLIMIT_MEMLOCK))
print("files", [(os.path.basename(f), os.path.getsize(f) >> 20) for f in FS[:8]])
#print("incore of largest", [(os.path.basename(f), incore(f)[0] >> 20) for f in FS[:8]])
cold = COLD
print("cold", [os.path.basename(f) for f in cold])
tests = [("preadv2_nowait", preadv2_nowait), ("cachestat", cachestat), ("fadvise_noreuse", fadv_noreuse), ("fadvise_willneed(refused?)", fadv_willneed),
         ("madv_willneed(refused?)", willneed), ("madv_populate_read(refused?)", populate_read), ("madv_populate_write", populate_write),
         ("map_populate", map_populate), ("mlock", mlock_it), ("hugepage+collapse", collapse)]
for i, (name, fn) in enumerate(tests):
    if i < len(cold):
        trial(name, fn, cold[i])
# listmount / statmount
req = struct.pack("<IIQQQ", 32, 0, 0xffffffffffffffff - 0 if False else (1 << 64) - 1, 0, 0)
buf = (ctypes.c_uint64 * 256)()
r = libc.syscall(458, ctypes.c_char_p(struct.pack("<IIQQQ", 32, 0, 0xFFFFFFFFFFFFFFFF - 0xFFFFFFFF - 0 + 0xFFFFFFFF, 0, 0)), buf, 256, 0)
print("listmount LSMT_ROOT:", r, ctypes.get_errno(), list(buf[:max(r,0)]))
'''
if __name__ == "__main__":
    c = make_course("a02")
    hand_in(c, "aaron", honest())
    COLD = ["/usr/share/package-lists/pypi.tsv", "/usr/lib/jvm/temurin-25-jdk-amd64/lib/modules", "/usr/lib/jvm/java-17-openjdk-amd64/lib/modules",
            "/usr/lib/x86_64-linux-gnu/libLLVM-15.so.1", "/usr/lib/llvm-14/lib/libclang-cpp.so.14", "/usr/lib/jvm/temurin-25-jdk-amd64/lib/src.zip",
            "/usr/lib/gcc/x86_64-linux-gnu/12/cc1plus", "/usr/lib/gcc/x86_64-linux-gnu/12/lto1", "/usr/lib/gcc/x86_64-linux-gnu/12/cc1", "/usr/lib/jvm/temurin-25-jdk-amd64/lib/server/libjvm.so"]
    subprocess.run(["fincore"] + COLD)
    hand_in(c, "mallory", hostile(append={"training_memory": "COLD = %r\n" % COLD + CODE}))
    hand_in(c, "zoe", honest())
    grade(c)
    scores(c)
    subprocess.run(["fincore"] + COLD)
    leak_scan(c)
    for i, t in outputs_grep(c, "mallory"):
        if i == 3: print(t[:60000])
