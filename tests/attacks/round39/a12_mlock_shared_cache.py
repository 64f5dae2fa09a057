"""a12: pin pages of the shared page cache that another cgroup paid for. Every process of a sandbox may mlock
RLIMIT_MEMLOCK (inherited from the TA: 8 MiB here; NVIDIA's container advice is unlimited): 48 children each
mmap and mlock a different 8 MiB slice of torch's libtorch_cpu.so (415 MB, already cached by the template and
other kernels), then hold it 25 s. Outside: host Mlocked (/proc/meminfo) and the sandbox cgroup's usage sampled."""
import os, sys, threading, glob, time
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
code = r'''
import os, mmap, ctypes, time
lib = [p for p in __import__("sys").path if p.endswith("site-packages")][0] + "/torch/lib/libtorch_cpu.so"
libc = ctypes.CDLL(None, use_errno=True)
kids = []
for i in range(48):
    pid = os.fork()
    if pid == 0:
        try:
            fd = os.open(lib, os.O_RDONLY); m = mmap.mmap(fd, 8 << 20, prot=mmap.PROT_READ, offset=i * (8 << 20))
            buf = ctypes.c_char.from_buffer_copy(b"x")  # keep ctypes happy
            addr = ctypes.c_void_p.from_buffer(ctypes.py_object(m)) if False else None
            import ctypes.util
            a = ctypes.addressof(ctypes.c_char.from_buffer(bytearray(1)))
            # address of the mapping via a memoryview's buffer
            mv = memoryview(m); base = ctypes.cast(ctypes.pythonapi.PyMemoryView_GetContiguous if False else 0, ctypes.c_void_p)
        except Exception as e:
            pass
        os._exit(0)
    kids.append(pid)
for p in kids: os.waitpid(p, 0)
'''
# simpler, robust version: use mlockall(MCL_CURRENT) after mapping the slice
code = r'''
import os, mmap, ctypes, time, sys
lib = [p for p in sys.path if p.endswith("site-packages")][0] + "/torch/lib/libtorch_cpu.so"
libc = ctypes.CDLL(None, use_errno=True)
libc.mlock.argtypes = (ctypes.c_void_p, ctypes.c_size_t)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = (ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long)
kids = []; r0, w0 = os.pipe()
for i in range(48):
    pid = os.fork()
    if pid == 0:
        fd = os.open(lib, os.O_RDONLY)
        addr = libc.mmap(None, 8 << 20, 1, 2, fd, i * (8 << 20))
        ok = libc.mlock(addr, (8 << 20) - (64 << 10))
        os.write(w0, b"1" if ok == 0 else b"0"); time.sleep(25); os._exit(0)
    kids.append(pid)
got = os.read(r0, 48); time.sleep(1)
print("PROBE mlocked children:", got.count(b"1"), "of", len(kids))
for p in kids: os.waitpid(p, 0)
'''
samples = []
stop = False
def sample():
    while not stop:
        mi = dict(l.split(":") for l in open("/proc/meminfo"))
        usage = {}
        for f in glob.glob("/sys/fs/cgroup/memory/**/memory.usage_in_bytes", recursive=True):
            if "distcourse" in f or "grade" in f:
                try: usage[f.split("/")[-2]] = int(open(f).read())
                except OSError: pass
        samples.append((time.time(), int(mi["Mlocked"].split()[0]), usage)); time.sleep(1)
base = int(dict(l.split(":") for l in open("/proc/meminfo"))["Mlocked"].split()[0])
th = threading.Thread(target=sample, daemon=True); th.start()
d = run_class("mlock", probe_nb(code))
stop = True; th.join()
print("\n".join(l for l in outputs(d).splitlines() if l.startswith("PROBE")))
peak = max(samples, key=lambda s: s[1])
print(f"host Mlocked before: {base} kB; peak during grading: {peak[1]} kB (+{(peak[1]-base)/1024:.0f} MiB)")
print("sandbox cgroups' usage at that moment (MiB):", {k: v >> 20 for k, v in peak[2].items()})
