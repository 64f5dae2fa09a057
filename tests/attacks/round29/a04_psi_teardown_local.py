"""a04 (local, uid 65534, no caps): N processes each holding 1,200 PSI triggers on /proc/pressure/*, all SIGKILLed at once
(as a sandbox's end does): time until all are reaped, and how long a host process (root, outside any sandbox) waits to
read /proc/pressure/memory meanwhile (psi_show takes the same system-wide avgs_lock that every trigger's teardown takes)."""
import os, resource, signal, sys, time
N = int(sys.argv[1]) if len(sys.argv) > 1 else 20
pids = []
r, w = os.pipe()
for _ in range(N):
    pid = os.fork()
    if pid == 0:
        os.close(r)
        resource.setrlimit(resource.RLIMIT_NOFILE, (1280, 1280))
        os.setgroups([]); os.setgid(65534); os.setuid(65534)
        for i in range(1200):
            fd = os.open(("/proc/pressure/memory", "/proc/pressure/io", "/proc/pressure/cpu")[i % 3], os.O_RDWR | os.O_NONBLOCK)
            os.write(fd, b"some 150000 2000000\0")
        os.write(w, b"x")
        time.sleep(10000)
    pids.append(pid)
os.close(w)
got = 0
while got < N:
    got += len(os.read(r, N))
def read_lat():
    t = time.time(); open("/proc/pressure/memory").read(); return time.time() - t
print(f"{N} holders ready; /proc/pressure read {read_lat()*1000:.1f} ms before")
t0 = time.time()
for p in pids:
    os.kill(p, signal.SIGKILL)
left, worst = set(pids), 0.0
while left:
    worst = max(worst, read_lat())
    for p in list(left):
        if os.waitpid(p, os.WNOHANG)[0]:
            left.discard(p)
    time.sleep(0.2)
print(f"all {N} reaped {time.time()-t0:.1f} s after SIGKILL; slowest /proc/pressure read meanwhile {worst*1000:.0f} ms; loadavg {open('/proc/loadavg').read().split()[:3]}")
