"""Round 13, a01 (ROOT run): is memory held in AF_UNIX socket buffers counted by the memory cgroup? (HELD)

Threat model: "a cgroup per submission ... caps memory of all their processes together (6 GiB, tmpfs included)";
round 6 found 7 GiB in socket buffers as an ordinary user and the README answers "Grade as root (a cgroup per
submission) wherever memory must be capped for certain". Under cgroup v1 (this machine) a socket is charged to a
memory cgroup only once TCP accounting is switched on for it (memory.kmem.tcp.limit_in_bytes), which the grader
never sets; AF_UNIX buffers are charged by no protocol accounting at all (v1 or v2). AF_UNIX is allowed by the
seccomp filter (gloo and ipykernel need local sockets), SO_SNDBUF up to net.core.wmem_max (4 MiB, doubled by the
kernel) needs no privilege, and RLIMIT_DATA does not count kernel memory.

The cap is lowered to 1 GiB through tests/attacks/run_grade.py (tools.grade.main with the sandbox's limits
overridden, as tests/test_attacks.py does) so that the machine never holds more than ~3.5 GiB: one kernel
process fills 300 socket pairs (~3 GiB, 3x the cap) and holds them 20 s while the host samples MemAvailable and
the submission's memory cgroup. An honest student (the solution) is graded in the same run.
Usage: <venv python> a01_socket_buffers_past_memory_cgroup.py
"""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common13 import course, grade, show, notebook, honest_nb, outputs, Sampler, mem_available

PAIRS = int(os.environ.get("PAIRS", "300"))
Q1 = r'''
import socket, time, resource
_keep, _queued = [], 0
for _ in range(%d):
    a, b = socket.socketpair()
    a.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4 << 20)
    a.setblocking(False)
    _chunk = b"x" * 65536
    while True:
        try:
            _queued += a.send(_chunk)
        except BlockingIOError:
            break
    _keep.append((a, b))
print(f"queued {_queued / 2**30:.2f} GiB in {len(_keep)} AF_UNIX socket pairs; "
      f"RLIMIT_DATA {resource.getrlimit(resource.RLIMIT_DATA)[0] / 2**30:.2f} GiB; "
      f"own cgroup: {open('/proc/self/cgroup').read().split()[3] if len(open('/proc/self/cgroup').read().split()) > 3 else open('/proc/self/cgroup').read()!r}")
time.sleep(20)
q1 = "a"
''' % PAIRS

if __name__ == "__main__":
    dest = "/tmp/attack13-a01"
    course(dest, {"aa_honest": honest_nb(), "zz_sockets": notebook(overrides={"quiz_q1": Q1})})
    s = Sampler(); s.start()
    grade(dest, limits={"memory_bytes": 1 << 30})
    s.stop = True; s.join()
    (t, used, cg), cg_peak = s.summary()
    print(f"host: peak MemAvailable drop {used / 2**30:.2f} GiB at t={t:.1f}s; the submission's memory cgroup then: "
          + ", ".join(f"{k.split('-')[-1]}: usage {v['usage_in_bytes'] / 2**20:.0f} MiB max {v['max_usage_in_bytes'] / 2**20:.0f} MiB "
                      f"limit {v['limit_in_bytes'] / 2**20:.0f} MiB" for k, v in cg.items()))
    print(f"highest max_usage of any sandbox memory cgroup seen: {cg_peak / 2**20:.0f} MiB")
    show(dest)
    outputs(dest, "zz_sockets")
    import shutil; shutil.rmtree(dest, ignore_errors=True)

# RESULT (root, cgroup v1, kernel 6.18): HELD. The kernel died in quiz_q1 when its memory cgroup (1 GiB here) was
#   full: AF_UNIX skbs are charged to the cgroup as kernel memory (host check: 313 MiB queued in a 512 MiB cgroup
#   -> memory.usage 337 MiB, all kmem). The honest student kept 24/24. (The MemAvailable drop printed is the whole
#   host's, other work included; the cgroups listed with a 6 GiB limit belong to other graders on this machine.)
#   TCP buffers are another matter: a02.
