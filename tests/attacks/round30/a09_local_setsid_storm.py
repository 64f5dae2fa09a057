"""a09 (local, host): every setsid() makes an autogroup (a task group: per-CPU run queues and entities, allocated
without memcg accounting, freed through RCU). A sandbox-like process (uid 65534, fresh v1 memory cgroup, 4 workers)
forks children that setsid() and exit, as fast as it can, for 20 s: host Slab/SUnreclaim vs the memcg's charge, and
how many sessions were made; then whether the memory comes back."""
import os, sys, time
CG = "/sys/fs/cgroup/memory/a30test"
def mem():
    d = {l.split(":")[0]: int(l.split()[1]) // 1024 for l in open("/proc/meminfo")}
    return d["Slab"], d["SUnreclaim"]
def cg():
    return int(open(f"{CG}/memory.usage_in_bytes").read()) // 2**20
s0 = mem(); t0 = time.time()
r, w = os.pipe()
workers = []
for _ in range(4):
    pid = os.fork()
    if pid == 0:
        open(f"{CG}/cgroup.procs", "w").write(str(os.getpid()))
        os.setgid(65534); os.setuid(65534)
        n = 0; end = time.time() + 20
        while time.time() < end:
            c = os.fork()
            if c == 0:
                os.setsid(); os._exit(0)
            os.waitpid(c, 0); n += 1
        os.write(w, f"{n}\n".encode()); os._exit(0)
    workers.append(pid)
peak = s0; peak_cg = 0
while any(os.waitpid(p, os.WNOHANG) == (0, 0) for p in workers):
    m = mem(); peak = max(peak, m, key=lambda x: x[1]); peak_cg = max(peak_cg, cg()); time.sleep(0.5)
os.close(w)
made = sum(int(x) for x in os.read(r, 1000).split())
print(f"sessions made: {made} in {time.time()-t0:.1f} s; Slab/SUnreclaim MB before {s0}, peak {peak}, memcg peak {peak_cg} MB")
time.sleep(3); print(f"3 s later: {mem()}")
