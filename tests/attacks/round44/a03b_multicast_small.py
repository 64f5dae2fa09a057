"""a03b (a03 at P processes x S sockets from the environment, waiting 90 s at most): IPv4 multicast memberships on the sandbox's own loopback. Each membership is a kernel object of the device (not
charged to any memory cgroup), joined in O(1) but dropped by a linear search of the device's list, under RTNL, the
host-wide networking lock. mallory's cell forks P processes that each open S UDP sockets and join 20 distinct groups on
each (IP_ADD_MEMBERSHIP, ifindex 1: igmp_max_memberships is 20 a socket), then sleep. When her sandbox ends, every
socket's close drops its 20 groups, each a scan of the whole list under RTNL: quadratic, in the dying processes.
Measured: the whole grading run's time, each student's, and a host prober timing `unshare -n true` (what a new sandbox
needs: RTNL) every second. Students: aaron, mallory, zoe, zz (zz's sandbox is made while zoe runs)."""
import sys, threading, subprocess; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
P = int(os.environ.get("P", 5)); S = int(os.environ.get("S", 1000))
PROBE = r'''
q1 = "b"
import os, socket, struct, time
P, S = %d, %d
t0 = time.time()
kids = []
for p in range(P):
    pid = os.fork()
    if pid == 0:
        try:
            keep = []
            for i in range(S):
                s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); keep.append(s)
                for j in range(20):
                    g = (239 << 24) + ((p * S + i) * 20 + j + 1)
                    s.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP, struct.pack("!II", g, 0) + struct.pack("@i", 1))
            open("/tmp/done%%d" %% p, "w").write("%%d in %%.1f s" %% (len(keep), time.time() - t0))
            time.sleep(100000)
        except BaseException as e:
            open("/tmp/done%%d" %% p, "w").write("error after %%d sockets: %%r" %% (len(keep), e))
            time.sleep(100000)
        finally:
            os._exit(0)
    kids.append(pid)
while sum(os.path.exists("/tmp/done%%d" %% p) for p in range(P)) < P and time.time() - t0 < 90:
    time.sleep(0.2)
print("MCAST joined", P * S * 20, "groups in", round(time.time() - t0, 1), "s; sockets", [open("/tmp/done%%d" %% p).read() for p in range(P) if os.path.exists("/tmp/done%%d" %% p)])
''' % (P, S)
d = course("a03b")
for s in ("aaron", "zoe", "zz"):
    hand_in(d, s, "ps1_memory", nb_for("ps1_memory"))
hand_in(d, "mallory", "ps1_memory", nb_for("ps1_memory", {"quiz_q1": PROBE}))
stop = threading.Event(); probes = []
def prober():
    while not stop.is_set():
        t = time.time(); subprocess.run(["unshare", "-n", "true"]); probes.append((round(t - T0, 1), round(time.time() - t, 3)))
        time.sleep(1)
T0 = time.time()
th = threading.Thread(target=prober); th.start()
grade(d, "ps1_memory", timeout=3000)
print("grading done at", round(time.time() - T0, 1))
time.sleep(float(os.environ.get("AFTER", 5)))
stop.set(); th.join()
scores(d, "ps1_memory")
print("unshare -n probes (t, seconds):", probes)
print("slowest:", sorted(probes, key=lambda x: -x[1])[:10])
nb = nbformat.read(f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb", 4)
for c in nb.cells:
    for o in c.get("outputs", []):
        t = o.get("text", "") or str(o.get("evalue", ""))
        if "MCAST" in t or o.get("output_type") == "error":
            print(t[:2000])
print("left processes:", subprocess.run("ps -eo pid,user,stat,etime,cmd | grep -v grep | grep -E 'zygote|bwrap|ipykernel' | head", shell=True, capture_output=True, text=True).stdout)
