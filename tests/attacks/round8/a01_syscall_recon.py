# a01 (root, ps1_memory): what the kernel can still do with system calls the seccomp filter does not list:
#  - mmap(MAP_SHARED) of /dev/zero (shmem, the same as the refused MAP_SHARED|MAP_ANONYMOUS, and not counted by
#    RLIMIT_DATA), compared with RLIMIT_DATA;
#  - socketpair() of other families (the filter checks socket() only), e.g. AF_TIPC(30), AF_VSOCK(40), AF_PACKET(17);
#  - timer_create / rt_sigqueueinfo: queued signals and POSIX timers are counted per user (RLIMIT_SIGPENDING, ucounts);
#  - NETLINK_KOBJECT_UEVENT (host device events?), NETLINK_SOCK_DIAG, NETLINK_AUDIT;
#  - what /proc/self/mountinfo says about host paths; /sys/fs/cgroup; rlimits.
# RESULT: see the end of this file (and a01_syscall_recon.out.txt).
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "round5"))
from monitor import ac, grade_watched

PROBE = r'''
import ctypes, mmap, os, resource, socket, errno, signal, time
libc = ctypes.CDLL(None, use_errno=True)
def err(): return errno.errorcode.get(ctypes.get_errno(), ctypes.get_errno())
print("R8 RLIMIT_DATA", resource.getrlimit(resource.RLIMIT_DATA), "SIGPENDING", resource.getrlimit(resource.RLIMIT_SIGPENDING),
      "MEMLOCK", resource.getrlimit(resource.RLIMIT_MEMLOCK), "NOFILE", resource.getrlimit(resource.RLIMIT_NOFILE),
      "NPROC", resource.getrlimit(resource.RLIMIT_NPROC), "AS", resource.getrlimit(resource.RLIMIT_AS))
# shared anonymous memory through /dev/zero
try:
    fd = os.open("/dev/zero", os.O_RDWR)
    m = mmap.mmap(fd, 256 << 20, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)
    for i in range(0, 256 << 20, 4096): m[i] = 1
    st = dict(l.split(":", 1) for l in open("/proc/self/status").read().splitlines())
    print("R8 devzero MAP_SHARED 256MiB touched OK; RssShmem", st.get("RssShmem", "").strip(), "VmData", st["VmData"].strip())
    try:
        anon = mmap.mmap(-1, 1 << 20, mmap.MAP_SHARED)
        print("R8 MAP_SHARED|ANON allowed")
    except OSError as e:
        print("R8 MAP_SHARED|ANON refused", e)
    # a shared /dev/zero mapping past RLIMIT_DATA: lower the soft limit in a child
    pid = os.fork()
    if pid == 0:
        resource.setrlimit(resource.RLIMIT_DATA, (64 << 20, resource.getrlimit(resource.RLIMIT_DATA)[1]))
        try:
            m2 = mmap.mmap(fd, 512 << 20, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)
            for i in range(0, 512 << 20, 4096): m2[i] = 1
            print("R8 child RLIMIT_DATA=64MiB: 512MiB of shared /dev/zero touched OK", flush=True)
        except Exception as e:
            print("R8 child shared devzero past RLIMIT_DATA failed", repr(e), flush=True)
        try:
            b = bytearray(128 << 20); print("R8 child private 128MiB OK (!)", flush=True)
        except MemoryError:
            print("R8 child private 128MiB: MemoryError (RLIMIT_DATA holds)", flush=True)
        os._exit(0)
    os.waitpid(pid, 0)
    m.close()
except Exception as e:
    print("R8 devzero", repr(e))
# socketpair of other families
for fam in (30, 40, 17, 38, 21, 42, 29, 3):
    sv = (ctypes.c_int * 2)()
    for typ in (socket.SOCK_STREAM, socket.SOCK_DGRAM, socket.SOCK_SEQPACKET, 4):
        r = libc.socketpair(fam, typ, 0, sv)
        print("R8 socketpair fam", fam, "type", typ, "->", r, "" if r == 0 else err())
# netlink
for proto, name in ((15, "KOBJECT_UEVENT"), (4, "SOCK_DIAG"), (9, "AUDIT"), (0, "ROUTE"), (16, "GENERIC"), (12, "NETFILTER"), (11, "CONNECTOR"), (6, "XFRM")):
    try:
        s = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, proto)
        try:
            s.bind((0, 1 if proto == 15 else 0))
            print("R8 netlink", name, "bind OK")
        except OSError as e:
            print("R8 netlink", name, "bind", e)
        s.close()
    except OSError as e:
        print("R8 netlink", name, e)
# POSIX timers (count against RLIMIT_SIGPENDING per user)
class sigevent(ctypes.Structure):
    _fields_ = [("v", ctypes.c_long), ("signo", ctypes.c_int), ("notify", ctypes.c_int), ("pad", ctypes.c_byte * 48)]
n = 0; ev = sigevent(0, signal.SIGRTMIN, 0)
tid = ctypes.c_void_p()
for n in range(20000):
    if libc.timer_create(1, ctypes.byref(ev), ctypes.byref(tid)) != 0:
        print("R8 timer_create stopped at", n, err()); break
else:
    print("R8 timer_create 20000 OK")
print("R8 cgroup dir:", os.listdir("/sys/fs/cgroup") if os.path.exists("/sys/fs/cgroup") else "absent")
print("R8 /proc/self/cgroup", open("/proc/self/cgroup").read().strip().replace("\n", " | ")[:400])
for l in open("/proc/self/mountinfo").read().splitlines()[:40]:
    print("R8 MI", l[:200])
print("R8 /sys", os.listdir("/sys"), "/dev", os.listdir("/dev"))
'''
if __name__ == "__main__":
    students = {"recon": ac.notebook(append={"training_memory": PROBE})}
    dest = ac.make_course("r8-a01", students)
    grade_watched(dest)
    ac.outputs(dest, "recon")
# RESULT (root, 09:59 UTC, a01_syscall_recon.out.txt):
#  - mmap(MAP_SHARED) of /dev/zero: allowed (MAP_SHARED|MAP_ANONYMOUS refused); 256 MiB touched shows as RssShmem,
#    and a child with RLIMIT_DATA = 64 MiB touched 512 MiB of it while a private 128 MiB bytearray was refused:
#    RLIMIT_DATA does not count it (see a04: the cgroup does, as root).
#  - socketpair() is not filtered, but no family beyond AF_UNIX gives a pair (TIPC/VSOCK/etc: EAFNOSUPPORT/ENOTSUP,
#    AF_PACKET EPERM).
#  - netlink: every protocol binds, in the sandbox's own network namespace (no uevents or audit of the host seen).
#  - 20,000 POSIX timers made (RLIMIT_SIGPENDING 96,364; a07: not charged against host uid 65534).
#  - mountinfo names the host paths bound (<python>, <checkout>/.venv, helpers, probes,
#    /tmp/attack-course-r8-a01 as the folder, /tmp/grade-kernel-*/runtime): paths, no content. /dev lists ptmx and a
#    devpts covered by a 4 kB tmpfs (no pseudo-terminal reachable); no /sys/fs/cgroup.
