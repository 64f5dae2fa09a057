"""a01: reconnaissance through the grading command: the first answer cell of ps1 runs a battery of system calls
newer than (or beside) those the README's seccomp list names, from inside the real sandbox (root grader), and
prints what each returned; the printed lines are read back from the graded notebook. Mallory + honest control."""
import os, sys, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common25 import *  # noqa
from common25 import ROOT  # noqa

A = os.environ.get("A", "ps1_memory")
BATTERY = r'''
import ctypes as __c, os as __os, errno as __e, resource as __r
__libc = __c.CDLL(None, use_errno=True)
__libc.syscall.restype = __c.c_long
def __sc(name, nr, *args):
    __c.set_errno(0)
    r = __libc.syscall(nr, *[__c.c_long(a) if isinstance(a, int) else a for a in args])
    err = __c.get_errno()
    print("BATTERY", name, r, __e.errorcode.get(err, err) if r < 0 else "", flush=True)
    return r
print("BATTERY uid", __os.getuid(), "rlimits rtprio", __r.getrlimit(__r.RLIMIT_RTPRIO), "nice", __r.getrlimit(__r.RLIMIT_NICE), "memlock", __r.getrlimit(__r.RLIMIT_MEMLOCK), "nofile", __r.getrlimit(__r.RLIMIT_NOFILE), "as", __r.getrlimit(__r.RLIMIT_AS))
__sc("memfd_secret", 447, 0)
__sc("add_key", 248, b"user", b"k1", b"x"*100, 100, -2 & 0xffffffff | 0)  # KEY_SPEC_PROCESS_KEYRING=-2
__sc("add_key_session", 248, b"user", b"k2", b"x"*100, 100, -3)
__sc("request_key", 249, b"user", b"nope", 0, 0)
__sc("landlock_create_ruleset", 444, 0, 0, 1)
__sc("open_tree", 428, -100, b"/", 1)
__sc("fsopen", 430, b"tmpfs", 0)
__sc("mount_setattr", 442, -100, b"/", 0, 0, 0)
__sc("io_uring_setup", 425, 4, __c.create_string_buffer(120))
__sc("process_mrelease", 448, 0, 0)
__sc("futex_waitv", 449, 0, 0, 0, 0, 0)
__sc("cachestat", 451, 0, 0, 0, 0)
__sc("map_shadow_stack", 453, 0, 4096, 0)
__sc("listmount", 458, 0, 0, 0, 0)
__sc("statmount", 457, 0, 0, 0, 0)
__sc("mseal", 462, 0, 0, 0)
__sc("lsm_get_self_attr", 459, 0, 0, 0, 0)
__sc("quotactl_fd", 443, 0, 0, 0, 0)
__sc("open_tree_attr", 467, -100, b"/", 1, 0, 0)
__sc("name_to_handle_at", 303, -100, b"/", __c.create_string_buffer(256), __c.create_string_buffer(8), 0)
__sc("userfaultfd", 323, 0)
__sc("perf_event_open", 298, 0, 0, -1, -1, 0)
__sc("bpf", 321, 0, 0, 0)
__sc("fanotify_init", 300, 0, 0)
__sc("clone3_newuser", 435, 0, 0)
__sc("set_mempolicy", 238, 0, 0, 0)
__sc("sched_setscheduler_fifo", 144, 0, 1, __c.byref(__c.c_int(1)))
__sc("ioprio_set_rt", 251, 1, 0, (1 << 13) | 0)
__sc("setpriority_-5", 141, 0, 0, -5)
__sc("mlock_1M", 149, __c.cast(__c.create_string_buffer(1<<20), __c.c_void_p).value, 1<<20)
__sc("mlockall", 151, 3)
__sc("memfd_create", 319, b"x", 0)
__sc("shmget", 29, 0, 4096, 0o1000 | 0o600)
__sc("mq_open", 240, b"/x", 0o100 | 2, 0o600, 0)
__sc("inotify_init", 253)
__sc("fanotify", 300, 0, 0)
__sc("io_setup", 206, 8, __c.byref(__c.c_ulong(0)))
__sc("pkey_alloc", 330, 0, 0)
__sc("socket_AF_PACKET", 41, 17, 3, 0)
__sc("socket_AF_ALG", 41, 38, 5, 0)
__sc("socket_AF_VSOCK", 41, 40, 1, 0)
__sc("socket_NETLINK_AUDIT", 41, 16, 3, 9)
__sc("socket_AF_INET_RAW", 41, 2, 3, 1)
__sc("socket_AF_INET6_UDP", 41, 10, 2, 0)
__sc("socket_AF_X25", 41, 9, 5, 0)
__sc("socket_AF_TIPC", 41, 30, 2, 0)
__sc("socket_AF_RDS", 41, 21, 5, 0)
__sc("socket_AF_KEY", 41, 15, 3, 2)
__sc("socket_AF_XDP", 41, 44, 3, 0)
__sc("socket_AF_SMC", 41, 43, 1, 0)
__sc("socket_AF_INET_SCTP", 41, 2, 1, 132)
__sc("socket_AF_INET_MPTCP", 41, 2, 1, 262)
for __p in ("/sys", "/sys/fs/cgroup", "/proc/self/uid_map", "/proc/self/status"):
    try:
        print("BATTERY ls", __p, sorted(__os.listdir(__p))[:40] if __os.path.isdir(__p) else open(__p).read()[:1500].replace("\n", " | "))
    except Exception as ex:
        print("BATTERY ls", __p, type(ex).__name__, ex)
print("BATTERY mounts", open("/proc/self/mountinfo").read().replace("\n", " | ")[:6000])
'''


def hostile():
    from tools.submissions import source_and_release
    import copy
    s, r = source_and_release(A)
    nb = copy.deepcopy(r)
    for c in nb.cells:
        if c.cell_type == "code" and c.get("metadata", {}).get("nbgrader", {}).get("solution"):
            c.source = BATTERY + "\n" + c.source
            break
    return nb


def main():
    dest = "/tmp/attack25-a01"
    course(dest, {"mallory": hostile(), "zz_honest": honest(A)}, A)
    rc = grade(dest)
    sc = scores(dest)
    import glob, nbformat
    for p in glob.glob(f"{dest}/autograded/mallory/{A}/*.ipynb"):
        nb = nbformat.read(p, as_version=4)
        for c in nb.cells:
            for o in c.get("outputs", []):
                for line in o.get("text", "").splitlines():
                    if line.startswith("BATTERY"):
                        print(line[:6000])
    print(f"RESULT: rc={rc} scores {[(s, v['score'], v['max']) for s, v in sorted(sc.items())]}")
    cleanup(dest)


if __name__ == "__main__":
    main()
