"""a05: system calls the README does not name, from a kernel as an ordinary user: key quota calls (add_key,
request_key: request_key upcalls /sbin/request-key as root where it exists), fanotify (unprivileged since 5.13,
counted per host user), memfd_secret, name_to_handle_at, landlock, process_mrelease, futex_waitv, timer_create
floods, sigqueue floods (RLIMIT_SIGPENDING is counted per host user: the grader's own uid here), mseal, fchmodat2."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
PAY = r'''
import ctypes, os, errno, signal
libc = ctypes.CDLL(None, use_errno=True)
def sc(name, nr, *args):
    rfd, wfd = os.pipe()
    pid = os.fork()
    if pid == 0:
        ctypes.set_errno(0)
        r = libc.syscall(ctypes.c_long(nr), *[ctypes.c_long(a) if isinstance(a, int) else a for a in args])
        e = ctypes.get_errno()
        os.write(wfd, f"{r} {errno.errorcode.get(e, e) if r < 0 else ''}".encode())
        os._exit(0)
    os.close(wfd)
    _, st = os.waitpid(pid, 0)
    out = os.read(rfd, 200).decode(); os.close(rfd)
    sig = os.WTERMSIG(st) if os.WIFSIGNALED(st) else None
    print(f"{name:28s} -> {out} {'KILLED by signal %d' % sig if sig else ''}", flush=True)
sc("add_key(user, session)", 248, b"user", b"k47", b"x"*10, 10, ctypes.c_long(-3))
sc("add_key(user, user kr)", 248, b"user", b"k47u", b"x"*10, 10, ctypes.c_long(-4))
sc("request_key(user)", 249, b"user", b"nonexist47", b"callout", ctypes.c_long(0))
sc("request_key(no callout)", 249, b"user", b"nonexist47", None, ctypes.c_long(0))
sc("fanotify_init(FID)", 300, 0x200, 0)
sc("fanotify_init(0)", 300, 0, 0)
sc("name_to_handle_at", 303, -100, b"/usr", ctypes.create_string_buffer(256), ctypes.byref(ctypes.c_int()), 0)
sc("landlock_create_ruleset", 444, None, 0, 1)
sc("memfd_secret", 447, 0)
sc("process_mrelease", 448, -1, 0)
sc("futex_waitv", 449, None, 0, 0, None, 0)
sc("set_mempolicy_home_node", 450, 0, 0, 0, 0)
sc("fchmodat2", 452, -100, b"/tmp", 0o1777, 0)
sc("mseal", 462, 0, 0, 0)
sc("timer_create", 222, 0, None, ctypes.byref(ctypes.c_int()))
sc("lookup_dcookie", 212, 0, None, 0)
sc("vhangup", 153)
sc("personality(query)", 135, 0xffffffff)
sc("clone3 big", 435, None, 0)
sc("uselib", 134, b"/usr/lib/x86_64-linux-gnu/libc.so.6")
sc("sysfs", 139, 3)
sc("ustat", 136, 0, None)
sc("syslog(read_all)", 103, 3, ctypes.create_string_buffer(100), 100)
sc("set_robust_list", 273, None, 0)
sc("migrate_pages(self)", 256, 0, 64, None, None)
sc("move_pages(self)", 279, 0, 0, None, None, None, 0)
sc("mbind", 237, 0, 0, 0, None, 0, 0)
sc("kexec_file_load", 320, 0, 0, 0, None, 0)
sc("iopl", 172, 3)
sc("ioprio_set(self, RT)", 251, 1, 0, (1 << 13) | 0)
sc("ioprio_set(self, IDLE)", 251, 1, 0, (3 << 13))
sc("sched_setattr(self)", 314, 0, None, 0)
sc("open_by_handle_at", 304, -100, None, 0)
sc("pkey_alloc", 330, 0, 0)
sc("rseq", 334, None, 0, 0, 0)
sc("statmount", 457, None, None, 0, 0)
sc("listns/other 470", 470)
# sigqueue flood counted per host user: how many RT signals can we queue?
signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGRTMIN])
n = 0
val = ctypes.c_long(0)
for i in range(200000):
    if libc.sigqueue(os.getpid(), signal.SIGRTMIN, val) != 0:
        break
    n += 1
print("rt signals queued to self:", n, "errno", errno.errorcode.get(ctypes.get_errno()))
'''
d, r, sc = run_class("a05", "ps1_memory", {"mallory": with_payload("ps1_memory", "training_memory", PAY)})
print(outputs(d, "mallory", "ps1_memory")[:8000])
leaks(d)
