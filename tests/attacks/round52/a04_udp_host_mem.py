"""a04: UDP datagrams to itself, never read, on loopback: is the receive memory charged to the sandbox (cgroup v1
counts TCP in memory.kmem.tcp, capped at 256 MiB by the grader) or only to the host-wide net.ipv4.udp_mem, past whose
hard limit every UDP socket of the host drops what it receives?  NPROC processes x NSOCK sockets, each filled to
its default receive buffer; sampled outside: /proc/net/sockstat UDP mem (host-wide pages) and the sandbox cgroup's
memory.usage_in_bytes and memory.kmem.tcp.usage_in_bytes; a host UDP socket pair outside checks delivery."""
import glob, threading, time, sys, socket
from common import *
NPROC = int(sys.argv[1]) if len(sys.argv) > 1 else 4
NSOCK = int(sys.argv[2]) if len(sys.argv) > 2 else 1200
HOLD = int(sys.argv[3]) if len(sys.argv) > 3 else 15
CODE = r'''
import socket, os, time
def fill(n):
    socks = []
    for i in range(n):
        try:
            s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.bind(("127.0.0.1", 0)); s.setblocking(False)
        except OSError as e:
            print("socket", i, e); break
        a = s.getsockname()
        for k in range(200):
            try: s.sendto(b"x" * 1000, a)
            except OSError: break
        socks.append(s)
    return socks
NPROC, NSOCK, HOLD = %d, %d, %d
def mem():
    return [l for l in open("/proc/net/sockstat") if l.startswith("UDP:")][0].strip()
print("before:", mem(), flush=True)
kids = []
for p in range(NPROC - 1):
    pid = os.fork()
    if pid == 0:
        keep = fill(NSOCK); time.sleep(HOLD + 2 * NPROC); os._exit(0)
    kids.append(pid)
keep = fill(NSOCK)
time.sleep(2 + NPROC)
print("held:", mem(), flush=True)
time.sleep(HOLD)
for k in kids: os.waitpid(k, 0)
''' % (NPROC, NSOCK, HOLD)
OWN = [l.split(":")[2].strip() for l in open("/proc/self/cgroup") if ":memory:" in l][0]
samples, udp, probe = [], [], []
stop = False
def udp_pages():
    return int([l for l in open("/proc/net/sockstat") if l.startswith("UDP:")][0].split()[-1])
def sampler():
    a = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); a.bind(("127.0.0.1", 0)); a.settimeout(0.2)
    b = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    while not stop:
        for f in glob.glob("/sys/fs/cgroup/memory" + OWN + "/distcourse-sandbox-*/"):
            try: samples.append((f.split("/")[-2], int(open(f + "memory.usage_in_bytes").read()), int(open(f + "memory.kmem.tcp.usage_in_bytes").read())))
            except OSError: pass
        u = udp_pages(); udp.append(u)
        b.sendto(b"ping", a.getsockname())
        try: a.recv(10); probe.append((u, True))
        except socket.timeout: probe.append((u, False))
        time.sleep(0.3)
t = threading.Thread(target=sampler, daemon=True); t.start()
c = probe_run(f"a04-{NPROC}", CODE)
stop = True
peak = {}
for g, v, k in samples:
    p = peak.get(g, (0, 0)); peak[g] = (max(p[0], v), max(p[1], k))
print("sandbox cgroup peaks MiB (usage, kmem.tcp):", {g: (v >> 20, k >> 20) for g, (v, k) in peak.items()})
print("host UDP mem pages: max", max(udp), "=", max(udp) * 4096 >> 20, "MiB; udp_mem", open("/proc/sys/net/ipv4/udp_mem").read().split())
print("host UDP ping lost while UDP mem above hard limit:", [(u, ok) for u, ok in probe if not ok][:10], "of", len(probe))
