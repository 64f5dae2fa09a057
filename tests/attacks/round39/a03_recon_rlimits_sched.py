"""a03: recon inside the kernel with the grader started under raised hard limits a TA's shell or container may
have (prlimit --rtprio=99 --nice=40 --memlock=unlimited): which rlimits does a sandbox inherit, can it become
SCHED_FIFO / nice -20, and which syscalls 436-452 reach the kernel."""
import os, sys
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
code = r'''
import resource, os, ctypes, errno
_l = ctypes.CDLL(None, use_errno=True)
for n in ("RLIMIT_RTPRIO", "RLIMIT_NICE", "RLIMIT_MEMLOCK", "RLIMIT_MSGQUEUE", "RLIMIT_RTTIME", "RLIMIT_SIGPENDING", "RLIMIT_NPROC", "RLIMIT_NOFILE", "RLIMIT_STACK"):
    print("PROBE", n, resource.getrlimit(getattr(resource, n)))
try:
    os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(1)); print("PROBE SCHED_FIFO ok", os.sched_getscheduler(0))
except OSError as e: print("PROBE SCHED_FIFO", e)
try:
    os.setpriority(os.PRIO_PROCESS, 0, -10); print("PROBE nice -10 ok", os.getpriority(os.PRIO_PROCESS, 0))
except OSError as e: print("PROBE nice", e)
for nr in range(436, 453):
    ctypes.set_errno(0)
    r = _l.syscall(nr, -1, 0, 0, 0, 0, 0)
    print("PROBE syscall", nr, r, errno.errorcode.get(ctypes.get_errno()))
print("PROBE status", [l for l in open("/proc/self/status") if l.startswith(("Cap", "NoNewPrivs", "Seccomp", "Uid"))])
print("PROBE mounts", [l.split()[4] + " " + l.split()[5] for l in open("/proc/self/mountinfo")])
for p in ("/proc/sched_debug", "/proc/kallsyms", "/proc/timer_list", "/proc/sysrq-trigger", "/proc/kcore", "/proc/vmallocinfo", "/proc/slabinfo", "/proc/keys", "/proc/key-users", "/sys/kernel", "/proc/1/environ", "/proc/sys/kernel/core_pattern"):
    try:
        with open(p, "rb") as f: print("PROBE read", p, f.read(120))
    except Exception as e: print("PROBE read", p, type(e).__name__, e)
'''
d = run_class("recon", probe_nb(code), prefix=())
print("\n".join(l for l in outputs(d).splitlines() if l.startswith("PROBE")))
