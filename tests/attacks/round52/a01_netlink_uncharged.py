"""a01: memory a sandbox holds in unread NETLINK_ROUTE replies (error ACKs echoing large requests), outside its
memory cgroup?  Measures: host MemAvailable drop (inside, /proc/meminfo) vs the sandbox cgroup's usage (outside,
sampled).  N processes x S sockets each, every socket's receive queue filled with ACKs of 32 KiB bad requests."""
import glob, threading, time, sys
from common import *
NPROC = int(sys.argv[1]) if len(sys.argv) > 1 else 1
NSOCK = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
CODE = r'''
import socket, struct, os, time
def avail():
    for l in open("/proc/meminfo"):
        if l.startswith("Slab"): return -int(l.split()[1])//1024
def fill(n):
    socks = []
    payload = b"\0" * 32768
    for i in range(n):
        try:
            s = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 0)
        except OSError as e:
            print("socket", i, e); break
        s.setblocking(False)
        # RTM_NEWLINK (16) with NLM_F_REQUEST|NLM_F_ACK and junk: EPERM error, echoing the whole request
        msg = struct.pack("=LHHLL", 16 + len(payload), 16, 0x1 | 0x4, i, 0) + payload
        for k in range(10):
            try: s.send(msg)
            except OSError as e: break
        socks.append(s)
    return socks
NPROC, NSOCK = %d, %d
a0 = avail()
kids = []
for p in range(NPROC - 1):
    pid = os.fork()
    if pid == 0:
        keep = fill(NSOCK); time.sleep(25); os._exit(0)
    kids.append(pid)
keep = fill(NSOCK)
time.sleep(4 + NPROC)
a1 = avail()
print("NETLINK: procs", NPROC, "socks each", len(keep), "host Slab growth MiB", a0 - a1, flush=True)
time.sleep(10)
for k in kids: os.waitpid(k, 0)
del keep
''' % (NPROC, NSOCK)
OWN = [l.split(":")[2].strip() for l in open("/proc/self/cgroup") if ":memory:" in l][0]
samples = []
host = []
stop = False
def sampler():
    while not stop:
        for f in glob.glob("/sys/fs/cgroup/memory" + OWN + "/distcourse-sandbox-*/memory.usage_in_bytes"):
            try: samples.append((f.split("/")[-2], int(open(f).read())))
            except OSError: pass
        host.append(int([l for l in open('/proc/meminfo') if l.startswith('MemAvailable')][0].split()[1])//1024)
        time.sleep(0.5)
t = threading.Thread(target=sampler, daemon=True); t.start()
c = probe_run(f"a01-{NPROC}-{NSOCK}", CODE)
stop = True
peak = {}
for g, v in samples: peak[g] = max(peak.get(g, 0), v)
print("cgroup peaks MiB:", {g: v // 2**20 for g, v in peak.items()})
print("host MemAvailable MiB min/max during run:", min(host), max(host))
