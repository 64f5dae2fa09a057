"""a11: what a02's RLIMIT_MEMLOCK (8 MiB in a forked kernel, not 64 KiB) buys: 200 children of the kernel each mlock
8 MiB of a different slice of torch's shared libraries (page cache shared with the host and the template), held 20 s.
Read from outside: the host's Mlocked/Unevictable, and the sandbox's memory cgroup usage (what it is charged)."""
import sys, threading, re, glob as _g; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
PROBE = r'''
import os, ctypes, mmap, glob, time
libc = ctypes.CDLL(None, use_errno=True)
libc.mlock.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
files = sorted((os.path.getsize(f), f) for f in glob.glob("CLONE/.venv/lib/python3.11/site-packages/torch/lib/*.so*"))[::-1]
slices = []
for size, f in files:
    for off in range(0, size - (8 << 20), 8 << 20):
        slices.append((f, off))
kids = []
for i, (f, off) in enumerate(slices[:200]):
    pid = os.fork()
    if pid == 0:
        try:
            fd = os.open(f, os.O_RDONLY)
            m = mmap.mmap(fd, 8 << 20, mmap.MAP_SHARED, mmap.PROT_READ, offset=off)
            addr = ctypes.addressof((ctypes.c_char * 1).from_buffer_copy(b"x"))  # placeholder
            buf = ctypes.c_void_p.from_buffer(ctypes.c_void_p())  # unused
            base = ctypes.c_void_p(ctypes.cast(ctypes.c_char_p(), ctypes.c_void_p).value)
            import ctypes.util
            # address of the mapping: read from /proc/self/maps
            for line in open("/proc/self/maps"):
                if f in line and int(line.split()[2], 16) == off:
                    a = int(line.split("-")[0], 16); break
            r = libc.mlock(ctypes.c_void_p(a), 8 << 20)
            open(f"/tmp/ml{i}", "w").write(str(r))
            time.sleep(20)
        finally:
            os._exit(0)
    kids.append(pid)
time.sleep(8)
ok = sum(open(f"/tmp/ml{i}").read() == "0" for i in range(len(kids)) if os.path.exists(f"/tmp/ml{i}"))
print("children", len(kids), "mlock ok", ok, "VmLck sample", [l for l in open(f"/proc/{kids[0]}/status") if l.startswith("VmLck")])
for p in kids: os.waitpid(p, 0)
'''
root = make_course("a11")
hand_in(root, "aaron", honest())
hand_in(root, "mallory", hostile(PROBE))
hand_in(root, "zoe", honest())
samples = []
stop = False
def watch():
    while not stop:
        mi = open("/proc/meminfo").read()
        ml = int(re.search(r"Mlocked:\s+(\d+)", mi).group(1)); ue = int(re.search(r"Unevictable:\s+(\d+)", mi).group(1))
        usage = []
        for g in _g.glob("/sys/fs/cgroup/memory/**/memory.usage_in_bytes", recursive=True):
            if "distcourse" in g or "grade" in g or "sandbox" in g:
                try: usage.append((g.split("/memory/")[1][:60], int(open(g).read()) >> 20))
                except OSError: pass
        samples.append((time.time(), ml >> 10, ue >> 10, usage))
        time.sleep(1)
t = threading.Thread(target=watch); t.start()
base = open("/proc/meminfo").read()
grade(root)
stop = True; t.join()
summary(root)
print(outputs(root, "mallory"))
print("host Mlocked MiB before:", int(re.search(r"Mlocked:\s+(\d+)", base).group(1)) >> 10)
peak = max(samples, key=lambda s: s[1])
print("peak host Mlocked MiB:", peak[1], "Unevictable MiB:", peak[2])
print("cgroups at that moment (MiB charged):", sorted(peak[3], key=lambda x: -x[1])[:8])
