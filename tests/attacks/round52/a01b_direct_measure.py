"""a01b: the same netlink ACK fill, run directly (not in a sandbox) in a memory cgroup of my own: how much of the
host's memory it takes and how much the cgroup is charged (memory.usage_in_bytes, kmem)."""
import os, socket, struct, time, sys
OWN = [l.split(":")[2].strip() for l in open("/proc/self/cgroup") if ":memory:" in l][0]
G = "/sys/fs/cgroup/memory" + OWN + "/a52probe"
os.makedirs(G, exist_ok=True)
def meminfo():
    d = {}
    for l in open("/proc/meminfo"):
        k, v = l.split(":"); d[k] = int(v.split()[0]) // 1024
    return d
N = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
SIZE = int(sys.argv[2]) if len(sys.argv) > 2 else 32768
r, w = os.pipe()
pid = os.fork()
if pid == 0:
    os.read(r, 1)
    socks = []
    payload = b"\0" * SIZE
    for i in range(N):
        s = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 0); s.setblocking(False)
        msg = struct.pack("=LHHLL", 16 + len(payload), 16, 0x1 | 0x4, i, 0) + payload
        for k in range(10):
            try: s.send(msg)
            except OSError: break
        socks.append(s)
    time.sleep(6)
    os._exit(0)
open(G + "/cgroup.procs", "w").write(str(pid))
m0 = meminfo(); u0 = int(open(G + "/memory.usage_in_bytes").read())
os.write(w, b"x"); time.sleep(4)
m1 = meminfo(); u1 = int(open(G + "/memory.usage_in_bytes").read())
k1 = int(open(G + "/memory.kmem.usage_in_bytes").read())
print(f"sockets {N}, request {SIZE}: MemAvailable drop {m0['MemAvailable']-m1['MemAvailable']} MiB, "
      f"MemFree drop {m0['MemFree']-m1['MemFree']} MiB, Slab +{m1['Slab']-m0['Slab']} MiB, "
      f"cgroup usage {u1//2**20} MiB (kmem {k1//2**20} MiB)")
os.waitpid(pid, 0)
time.sleep(1)
os.rmdir(G)
