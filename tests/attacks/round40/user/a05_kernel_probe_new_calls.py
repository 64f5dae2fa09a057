"""a05: a kernel (ps1 answer cell) probes what round 39 changed and the newest system calls below the filter's cut
(424-452): the new rlimits (RTPRIO/NICE/MEMLOCK/MSGQUEUE: can they be raised back, can mlock/mlockall/MAP_LOCKED pass
64 KiB, SCHED_FIFO/DEADLINE, nice -1, ioprio RT), clone3 with namespace flags (seccomp cannot read clone3's struct),
memfd_secret (447, memory no rlimit counts?), landlock (444-446), futex_waitv, set_mempolicy_home_node, fchmodat2,
quotactl_fd, process_mrelease. Printed into the notebook; controls aaron40u, zoe40u."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"
PROBE = r'''
import ctypes, os, resource, errno, mmap
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
def sc(n, *a):
    r = libc.syscall(ctypes.c_long(n), *[ctypes.c_long(x) for x in a]); e = ctypes.get_errno()
    return r, (errno.errorcode.get(e, e) if r < 0 else "")
out = []
for nm in ("RLIMIT_RTPRIO","RLIMIT_NICE","RLIMIT_MEMLOCK","RLIMIT_MSGQUEUE","RLIMIT_NPROC","RLIMIT_AS","RLIMIT_DATA","RLIMIT_NOFILE","RLIMIT_CORE","RLIMIT_SIGPENDING","RLIMIT_CPU","RLIMIT_FSIZE"):
    w = getattr(resource, nm); cur = resource.getrlimit(w)
    try: resource.setrlimit(w, (cur[1] if cur[1] != -1 else cur[0], cur[1])); raised = "soft->hard ok"
    except Exception as e: raised = repr(e)
    try: resource.setrlimit(w, (-1, -1)); up = "RAISED TO INF!"
    except Exception as e: up = type(e).__name__
    out.append(f"{nm} {cur} {raised} inf:{up}")
buf = ctypes.create_string_buffer(4 << 20)
out.append("mlock 4MiB: %s %s" % (libc.mlock(buf, 4 << 20), errno.errorcode.get(ctypes.get_errno())))
out.append("mlockall(CURRENT|FUTURE): %s %s" % (libc.mlockall(3), errno.errorcode.get(ctypes.get_errno()))); libc.munlockall()
try: m = mmap.mmap(-1, 4 << 20, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS | 0x2000); out.append("MAP_LOCKED 4MiB: OK (mapped)")
except Exception as e: out.append(f"MAP_LOCKED: {e}")
try: os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(1)); out.append("SCHED_FIFO: OK!")
except Exception as e: out.append(f"SCHED_FIFO: {e}")
try: os.setpriority(os.PRIO_PROCESS, 0, -1); out.append("nice -1: OK!")
except Exception as e: out.append(f"nice -1: {e}")
out.append("ioprio_set RT: %s %s" % sc(251, 1, 0, (1 << 13) | 0))
# clone3 with namespace flags: struct clone_args {flags, pidfd, child_tid, parent_tid, exit_signal, stack, stack_size, tls, set_tid, set_tid_size, cgroup}
for fl, nm in ((0x10000000, "NEWUSER"), (0x40000000, "NEWNET"), (0x20000, "NEWNS"), (0x20000000, "NEWPID"), (0x200000000, "INTO_CGROUP"), (0x80, "NEWTIME")):
    args = (ctypes.c_uint64 * 11)(fl, 0, 0, 0, 17, 0, 0, 0, 0, 0, 0)
    r = libc.syscall(ctypes.c_long(435), ctypes.byref(args), ctypes.c_long(88)); e = ctypes.get_errno()
    if r == 0: os._exit(0)
    if r > 0: os.waitpid(r, 0)
    out.append(f"clone3 {nm}: {r} {errno.errorcode.get(e, e) if r < 0 else 'CHILD MADE'}")
out.append("memfd_secret: %s %s" % sc(447, 0))
out.append("landlock_create_ruleset(version): %s %s" % sc(444, 0, 0, 1))
out.append("futex_waitv(0 waiters): %s %s" % sc(449, 0, 0, 0, 0, 0))
out.append("set_mempolicy_home_node: %s %s" % sc(450, 0, 4096, 0, 0))
out.append("fchmodat2 /probes: %s %s" % sc(452, -100, ctypes.addressof(ctypes.create_string_buffer(b"/probes")), 0o777, 0))
out.append("quotactl_fd: %s %s" % sc(443, 0, 0, 0, 0))
out.append("process_mrelease: %s %s" % sc(448, 0, 0))
out.append("map_shadow_stack(453): %s %s" % sc(453, 0, 4096, 0))
out.append("open_tree(428): %s %s" % sc(428, -100, 0, 0))
out.append("pidfd_send_signal(424): %s %s" % sc(424, 0, 0, 0, 0))
out.append("close_range(436): %s %s" % sc(436, 1000, 1001, 0))
out.append("faccessat2(439): %s %s" % sc(439, -100, ctypes.addressof(ctypes.create_string_buffer(b"/")), 0, 0))
out.append("epoll_pwait2(441): %s %s" % sc(441, -1, 0, 0, 0, 0, 0))
out.append("mount_setattr(442): %s %s" % sc(442, -1, 0, 0, 0, 0))
print("\n".join("PROBE " + l for l in out))
'''
m = honest(A)
for c in m.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory":
        c.source = PROBE + "\n" + c.source
d = make_course("a05")
hand_in(d, "aaron40u", A, honest(A)); hand_in(d, "mallory40u", A, m); hand_in(d, "zoe40u", A, honest(A))
grade(d, A); scores(d)
nb = nbformat.read(f"{d}/autograded/mallory40u/{A}/{A}.ipynb", 4)
for c in nb.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory":
        for o in c.outputs:
            print(o.get("text", o.get("data", {}).get("text/plain", "")))
