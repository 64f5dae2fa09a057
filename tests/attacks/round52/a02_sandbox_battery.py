"""a02: a battery of calls inside the kernel's sandbox not named by earlier rounds: sendfile/copy_file_range of host
files into pipes, NUMA page moves and affinity of other processes in the sandbox, UDP receive memory (is it in the
cgroup?), POSIX timers, timerfds, mountinfo, rlimits, writable /proc files of pid 1 and the placeholder."""
from common import *
CODE = r'''
import os, ctypes, socket, resource, errno, glob, time
libc = ctypes.CDLL(None, use_errno=True)
def r(name, f):
    try:
        v = f(); print("OK ", name, v)
    except Exception as e:
        print("ERR", name, repr(e)[:150])
print("uid", os.getuid(), "pid", os.getpid())
print("procs:", [(p, open(f"/proc/{p}/comm").read().strip(), os.stat(f"/proc/{p}").st_uid) for p in os.listdir("/proc") if p.isdigit()])
for line in open("/proc/self/mountinfo"): print("MNT", " ".join(line.split()[3:6]), line.split(" - ")[1].strip()[:60])
for n in ("RLIMIT_NOFILE","RLIMIT_NPROC","RLIMIT_AS","RLIMIT_DATA","RLIMIT_MEMLOCK","RLIMIT_SIGPENDING","RLIMIT_FSIZE","RLIMIT_CPU","RLIMIT_STACK","RLIMIT_MSGQUEUE","RLIMIT_CORE"):
    print("LIM", n, resource.getrlimit(getattr(resource, n)))
import torch
lib = os.path.join(os.path.dirname(torch.__file__), "lib", "libtorch_cpu.so")
fd = os.open(lib, os.O_RDONLY)
rp, wp = os.pipe()
r("sendfile file->pipe", lambda: os.sendfile(wp, fd, 0, 65536))
r("copy_file_range file->tmp", lambda: os.copy_file_range(fd, os.open("/tmp/x", os.O_WRONLY|os.O_CREAT), 65536))
r("sched_setaffinity(1)", lambda: os.sched_setaffinity(1, {0}))
r("sched_getaffinity(1)", lambda: os.sched_getaffinity(1))
for p in os.listdir("/proc"):
    if p.isdigit() and int(p) != os.getpid():
        for f in ("oom_score_adj", "timerslack_ns", "comm", "clear_refs", "coredump_filter", "sched", "autogroup", "loginuid", "attr/current"):
            try:
                with open(f"/proc/{p}/{f}", "w") as fh: fh.write({"oom_score_adj":"0","timerslack_ns":"1000000000","comm":"x","clear_refs":"1","coredump_filter":"0","sched":"0","autogroup":"19","loginuid":"0","attr/current":"x"}[f])
                print("WROTE", p, f)
            except OSError as e:
                pass
r("own oom_score_adj -> 0", lambda: open("/proc/self/oom_score_adj","w").write("0"))
r("migrate_pages(1)", lambda: libc.syscall(256, 1, 64, ctypes.byref(ctypes.c_ulong(1)), ctypes.byref(ctypes.c_ulong(1))) or ctypes.get_errno())
r("move_pages(1)", lambda: (libc.syscall(279, 1, 0, None, None, None, 0), ctypes.get_errno()))
r("set_mempolicy", lambda: (libc.syscall(238, 0, None, 0), ctypes.get_errno()))
r("personality", lambda: libc.personality(0x0400000))
r("mlock 1MiB", lambda: (libc.mlock(ctypes.c_void_p(ctypes.addressof(ctypes.create_string_buffer(1<<20))), 1<<20), ctypes.get_errno()))
r("membarrier global", lambda: (libc.syscall(324, 1, 0, 0), ctypes.get_errno()))
r("timerfd x500", lambda: len([libc.syscall(283, 1, 0) for _ in range(500)]))
# UDP memory to self
def udp():
    socks = []
    for i in range(200):
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.bind(("127.0.0.1", 0)); s.setblocking(False)
        a = s.getsockname(); n = 0
        while True:
            try: s.sendto(b"x"*60000, a); n += 1
            except OSError: break
            if n > 100: break
        socks.append(s)
    return socks
before = open("/proc/net/sockstat").read()
keep = udp()
print("SOCKSTAT before", before.replace("\n"," | "))
print("SOCKSTAT after ", open("/proc/net/sockstat").read().replace("\n"," | "))
r("sockstat6", lambda: open("/proc/net/sockstat6").read().replace("\n"," | "))
r("proc/meminfo head", lambda: open("/proc/meminfo").read()[:80])
r("/proc listing", lambda: sorted(os.listdir("/proc"))[-40:])
'''
c = probe_run("a02", CODE)
