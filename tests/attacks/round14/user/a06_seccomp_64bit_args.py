"""a06: re-attack of the seccomp filter's argument checks (round 13: netlink protocols other than ROUTE, raising
socket buffer sizes; earlier: socket families, F_SETPIPE_SZ, byte-range locks, shared anonymous mmap). The kernel
reads these arguments as 32-bit ints (socket's family/type/protocol, setsockopt's level and optname, fcntl's cmd); a
filter that compares the whole 64-bit register refuses value V but lets V | 1 << 32 through, which the kernel then
reads as V. The cell tries each refused call plainly and with the high bits set, from the kernel, and prints what the
kernel did. Honest ps1 beside it."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u14
CELL = r'''
import ctypes, os, socket, errno, struct
_libc = ctypes.CDLL(None, use_errno=True)
_libc.syscall.restype = ctypes.c_long
HI = 1 << 32
SYS = {"socket": 41, "setsockopt": 54, "getsockopt": 55, "fcntl": 72, "mmap": 9, "munmap": 11}
def sc(name, *args):
    r = _libc.syscall(ctypes.c_long(SYS[name]), *[ctypes.c_long(a) if isinstance(a, int) else a for a in args])
    return r if r != -1 else -ctypes.get_errno()
def show(what, r):
    print(f"{what:60s} -> {r if r >= 0 else errno.errorcode.get(-r, r)}")
# socket families and netlink protocols
for fam, typ, proto, label in [(40, 1, 0, "AF_VSOCK stream"), (17, 3, 0, "AF_PACKET raw"), (16, 3, 2, "AF_NETLINK NETLINK_USERSOCK"),
                               (16, 3, 0, "AF_NETLINK NETLINK_ROUTE (allowed)"), (16, 3, 9, "AF_NETLINK NETLINK_AUDIT"), (38, 5, 0, "AF_ALG seqpacket")]:
    for hi_where in (None, "family", "protocol"):
        f, p = fam | (HI if hi_where == "family" else 0), proto | (HI if hi_where == "protocol" else 0)
        r = sc("socket", f, typ, p)
        show(f"socket {label} hi-bits on {hi_where}", r)
        if r >= 0:
            os.close(r)
# socket buffer sizes
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
n = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 0)
for sock, label in ((s, "udp"), (n, "netlink route")):
    for lvl, opt, hi_where in [(1, 8, None), (1, 8, "level"), (1, 8, "optname"), (1, 33, None), (1, 33, "level"), (1, 7, None), (1, 7, "level")]:
        val = ctypes.c_int(64 << 20)
        r = sc("setsockopt", sock.fileno(), lvl | (HI if hi_where == "level" else 0), opt | (HI if hi_where == "optname" else 0),
               ctypes.byref(val), 4)
        show(f"setsockopt {label} level {lvl} opt {opt} hi-bits on {hi_where}", r)
    print(f"   {label}: SO_RCVBUF now {sock.getsockopt(1, 8)}, SO_SNDBUF now {sock.getsockopt(1, 7)}")
# pipes and locks
rp, wp = os.pipe()
for hi in (0, HI):
    show(f"fcntl F_SETPIPE_SZ 1 MiB hi={bool(hi)}", sc("fcntl", wp, 1031 | hi, 1 << 20))
print("   pipe size now", sc("fcntl", wp, 1032, 0))
path = "/tmp/a06-lock"; fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600); os.write(fd, b"x" * 100)
def locks_in_proc():
    ino = os.fstat(fd).st_ino
    return sum(1 for line in open("/proc/locks") if f":{ino} " in line)
for cmd, label in ((6, "F_SETLK"), (37, "F_OFD_SETLK")):
    for hi in (0, HI):
        for i in range(5):
            fl = struct.pack("hhqqi", 1, 0, i * 2 + (hi and 20), 1, 0)  # F_WRLCK, SEEK_SET, start, len 1
            buf = ctypes.create_string_buffer(fl + b"\0" * 8)
            r = sc("fcntl", fd, cmd | hi, buf)
        show(f"fcntl {label} x5 hi={bool(hi)} (last)", r)
        print("   locks on the file in /proc/locks:", locks_in_proc())
# shared anonymous memory
for hi in (0, HI):
    r = sc("mmap", 0, 1 << 20, 3, 0x21 | hi, -1, 0)   # PROT_READ|WRITE, MAP_SHARED|MAP_ANONYMOUS
    show(f"mmap MAP_SHARED|MAP_ANONYMOUS hi={bool(hi)}", r)
    if r > 0:
        print("   shared anonymous mapping made:", [l for l in open("/proc/self/maps") if l.startswith("%x-" % r)])
        sc("munmap", r, 1 << 20)
'''
dest = u14.course("a06", {("mallory", "ps1_memory"): u14.notebook("ps1_memory", append={"training_memory": CELL}),
                          ("zz_honest", "ps1_memory"): u14.honest("ps1_memory")})
p = u14.grade(dest)
u14.scores(dest)
u14.cell_outputs(dest, "mallory", "ps1_memory", ("training_memory",))
u14.cleanup(dest)
