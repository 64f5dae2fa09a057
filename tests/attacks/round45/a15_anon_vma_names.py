"""a15 (mechanism, on the host, as a sandbox's uid would): prctl(PR_SET_VMA, PR_SET_VMA_ANON_NAME) is not filtered.
Each named anonymous mapping gets a kernel string (anon_vma_name). Is it charged to the process's memory cgroup?
A child in a fresh cgroup v2 group maps 60,000 one-page anonymous mappings (alternating protections so they stay
apart) and names each differently; compare the group's memory.current with the host's SUnreclaim/Slab growth."""
import ctypes, mmap, os, time
libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
def meminfo():
    d = {}
    for line in open("/proc/meminfo"):
        k, v = line.split(":"); d[k] = int(v.split()[0])
    return d
cg = "/sys/fs/cgroup/memory/attack45-a15"  # cgroup v1 on this host
try:
    os.mkdir(cg)
except FileExistsError:
    pass
N = 60000
r, w = os.pipe()
pid = os.fork()
if pid == 0:
    open(f"{cg}/tasks", "w").write(str(os.getpid()))
    os.setgroups([]); os.setgid(65534); os.setuid(65534)
    time.sleep(0.5)
    base = meminfo()
    c0 = int(open(f"{cg}/memory.usage_in_bytes").read())
    ok = 0
    addr = libc.mmap(None, N * 4096, 3, 0x22, -1, 0)
    for i in range(N):
        a = addr + i * 4096
        if i % 2: libc.mprotect(ctypes.c_void_p(a), 4096, 1)
        name = ("n%078d" % i).encode()
        if libc.prctl(0x53564d41, 0, ctypes.c_ulong(a), ctypes.c_ulong(4096), ctypes.c_char_p(name)) == 0:
            ok += 1
    time.sleep(0.5)
    after = meminfo()
    c1 = int(open(f"{cg}/memory.usage_in_bytes").read())
    maps = sum(1 for _ in open("/proc/self/maps"))
    os.write(w, repr((ok, ctypes.get_errno(), maps, c1 - c0, after["SUnreclaim"] - base["SUnreclaim"], after["Slab"] - base["Slab"])).encode())
    os._exit(0)
os.close(w)
data = os.read(r, 4096); os.waitpid(pid, 0)
ok, err, maps, dcg, dsu, dslab = eval(data)
print(f"named {ok} of {N} mappings (errno {err}), maps lines {maps}")
print(f"cgroup memory.usage_in_bytes +{dcg/1024:.0f} KiB; host SUnreclaim +{dsu} KiB, Slab +{dslab} KiB")
print(f"uncharged (SUnreclaim growth - cgroup growth, rough): {(dsu*1024 - dcg)/1024:.0f} KiB for {ok} names")
time.sleep(0.3)
os.rmdir(cg)
