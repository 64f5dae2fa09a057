"""Recon + per-user objects: which newer or per-user-counted system calls reach the kernel in the sandbox
(clone3 with namespace flags, memfd_secret, fanotify_init, add_key/request_key, landlock, futex_waitv,
name_to_handle_at/open_by_handle_at, syslog, vmsplice, ...), and what the kernel can see (fds, mounts, ids)."""
from lib import *
PROBE = r'''
import ctypes, os, errno, struct, socket
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
LOG = "/tmp/probe.log"
def sc(name, nr, *args):
    pid = os.fork()
    if pid == 0:
        r = libc.syscall(nr, *[ctypes.c_long(a) if isinstance(a, int) else a for a in args])
        e = ctypes.get_errno()
        if r == 0 and name.startswith("clone3"): os._exit(0)
        with open(LOG, "a") as f: f.write(f"SYSCALL {name} {r} {errno.errorcode.get(e, e) if r < 0 else ''}\n")
        os._exit(0)
    _, st = os.waitpid(pid, 0)
    if st & 0x7f:
        with open(LOG, "a") as f: f.write(f"SYSCALL {name} killed by signal {st & 0x7f}\n")
    return 0
# clone3 with CLONE_NEWUSER (0x10000000): struct clone_args {flags, pidfd, child_tid, parent_tid, exit_signal, stack, stack_size, tls}
args = struct.pack("QQQQQQQQ", 0x10000000, 0, 0, 0, 17, 0, 0, 0)
buf = ctypes.create_string_buffer(args)
sc("clone3_newuser", 435, buf, len(args))
sc("clone3_plain", 435, ctypes.create_string_buffer(struct.pack("QQQQQQQQ", 0, 0, 0, 0, 17, 0, 0, 0)), 64)
sc("memfd_secret", 447, 0)
sc("fanotify_init_fid", 300, 0x00000200 | 0, os.O_RDONLY)  # FAN_REPORT_FID
sc("fanotify_init_plain", 300, 0, os.O_RDONLY)
sc("add_key", 248, b"user", b"x1", b"payload", 7, -4)  # KEY_SPEC_SESSION? -3 session, -4 user keyring... -2 process
sc("add_key_proc", 248, b"user", b"x2", b"payload", 7, -2)
sc("request_key", 249, b"user", b"nope", 0, 0)
sc("keyctl_get_id", 250, 0, -4, 0)
sc("landlock_create_ruleset", 444, 0, 0, 1)
sc("futex_waitv", 449, 0, 0, 0, 0, 0)
fh = ctypes.create_string_buffer(136); struct.pack_into("I", fh, 0, 128); mid = ctypes.c_int()
sc("name_to_handle_at", 303, -100, b"/usr", fh, ctypes.byref(mid), 0)
sc("open_by_handle_at", 304, -100, fh, 0)
sc("syslog_read_all", 103, 3, ctypes.create_string_buffer(4096), 4096)
sc("io_setup", 206, 1, ctypes.byref(ctypes.c_ulong(0)))
sc("mount_setattr", 442, -1, b"", 0, 0, 0)
sc("fsopen", 430, b"tmpfs", 0)
sc("quotactl_fd", 443, 0, 0, 0, 0)
sc("process_mrelease", 448, 0, 0)
sc("set_mempolicy_home_node", 450, 0, 4096, 0, 0)
sc("cachestat", 451, 0, 0, 0, 0)
sc("fchmodat2", 452, -100, b"/tmp", 0o755, 0)
sc("lsm_get_self_attr", 459, 0, 0, 0, 0)
sc("mseal", 462, 0, 0, 0)
sc("personality_query", 135, 0xffffffff)
sc("sysfs", 139, 3)
sc("uselib", 134, b"/nonexistent")
sc("vhangup", 153)
sc("lookup_dcookie", 212, 0, 0, 0)
sc("nfsservctl", 180)
sc("kcmp", 312, os.getpid(), os.getpid(), 0, 0, 0)
sc("setpriority_user", 141, 2, 0, 19)  # PRIO_USER, who=0 (own uid): every process of the user visible
sc("ioprio_set_user", 251, 3, 0, (3 << 13))  # IOPRIO_WHO_USER, idle class
sc("sched_setattr_self", 314, 0, 0, 0)
sc("get_mempolicy", 239, 0, 0, 0, 0, 0)
sc("migrate_pages", 256, 1, 64, 0, 0)
sc("move_pages_pid1", 279, 1, 0, 0, 0, 0, 0)
sc("rseq", 334, 0, 0, 0, 0)
sc("map_shadow_stack", 453, 0, 4096, 0)
sc("uretprobe", 335, )
print(open(LOG).read())
for fam, typ, proto in [(socket.AF_PACKET, socket.SOCK_RAW, 0), (socket.AF_NETLINK, socket.SOCK_RAW, 0), (socket.AF_NETLINK, socket.SOCK_DGRAM, 4), (socket.AF_INET, socket.SOCK_RAW, 1), (socket.AF_INET, socket.SOCK_DGRAM, 1), (socket.AF_INET6, socket.SOCK_STREAM, 0), (socket.AF_UNIX, socket.SOCK_SEQPACKET, 0)]:
    try:
        s = socket.socket(fam, typ, proto); print("SOCKET", fam, typ, proto, "ok"); s.close()
    except OSError as ex: print("SOCKET", fam, typ, proto, ex)
print("IDS", os.getuid(), os.getgid(), os.getgroups(), os.getpid(), os.getsid(0))
print("FDS", {f: (os.readlink(f"/proc/self/fd/{f}") if os.path.exists(f"/proc/self/fd/{f}") else "?") for f in os.listdir("/proc/self/fd")})
print("MOUNTS", open("/proc/self/mountinfo").read())
print("PS", [(p, open(f"/proc/{p}/cmdline","rb").read()[:120]) for p in os.listdir("/proc") if p.isdigit()])
print("STATUS", [l for l in open("/proc/self/status") if l.startswith(("Cap","Seccomp","NoNewPrivs","Uid"))])
print("LIMITS", open("/proc/self/limits").read())
print("CWD", os.getcwd(), os.listdir("."))
print("ENV", dict(os.environ))
'''
d = make_course("a01")
A = "ps1_memory"
hand_in(d, "aaron", A, honest(A))
from tools.submissions import fill
src = source_nb(A)
from tools.submissions import solution_text
q1 = [solution_text(c) for c in src.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q1"][0]
hand_in(d, "mallory", A, fill(release_nb(A), src, {"quiz_q1": q1 + "\n" + PROBE}))
hand_in(d, "zoe", A, honest(A))
grade(d, A)
os.system(f"cat {d}/grades.csv")
nb = nbformat.read(f"{d}/autograded/mallory/{A}/{A}.ipynb", as_version=4)
for c in nb.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q1":
        for o in c.outputs:
            print(o.get("text", "") or o)
