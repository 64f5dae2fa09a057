"""a15: the filter checks socket()'s family and protocol (round 31: an IP protocol no module serves makes the host's
kernel run modprobe as root; AF_VSOCK and other families are refused too), but socketpair() is not filtered, and the
kernel creates the first socket of the pair (__sock_create: request_module("net-pf-%d"), inet_create/netlink_create:
request_module("net-pf-%d-proto-%d...")) before it finds that the family has no pairs. The error tells which side
answered: the filter's EPROTONOSUPPORT/EAFNOSUPPORT, or the kernel's EOPNOTSUPP after the socket was made."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
PROBE = r'''
import socket, ctypes, errno, os
libc = ctypes.CDLL(None, use_errno=True)
def try_call(name, *args):
    if name == "socket":
        r = libc.socket(*args)
        if r >= 0: os.close(r); return "made"
    else:
        sv = (ctypes.c_int * 2)()
        r = libc.socketpair(*args, sv)
        if r == 0: os.close(sv[0]); os.close(sv[1]); return "made"
    return errno.errorcode.get(ctypes.get_errno(), str(ctypes.get_errno()))
cases = [("AF_INET SOCK_STREAM IPPROTO_MPTCP(262)", (2, 1, 262)), ("AF_INET SOCK_DGRAM UDPLITE(136)", (2, 2, 136)),
         ("AF_INET SOCK_STREAM SCTP(132)", (2, 1, 132)), ("AF_INET SOCK_DCCP DCCP(33)", (2, 6, 33)),
         ("AF_INET6 SOCK_STREAM MPTCP(262)", (10, 1, 262)), ("AF_VSOCK SOCK_STREAM", (40, 1, 0)),
         ("AF_PACKET SOCK_RAW", (17, 3, 0)), ("AF_ALG SOCK_SEQPACKET", (38, 5, 0)), ("AF_KEY", (15, 3, 2)),
         ("AF_NETLINK NETLINK_USERSOCK(2)", (16, 3, 2)), ("AF_NETLINK NETLINK_KOBJECT_UEVENT(15)", (16, 3, 15)),
         ("AF_NETLINK proto 31 (unassigned)", (16, 3, 31)), ("AF_BLUETOOTH", (31, 1, 0)), ("AF_RDS", (21, 5, 0)),
         ("AF_TIPC", (30, 5, 0)), ("AF_CAN", (29, 3, 1)), ("AF_XDP", (44, 3, 0)), ("AF_SMC", (43, 1, 0))]
for label, args in cases:
    print(f"{label:40s} socket: {try_call('socket', *args):16s} socketpair: {try_call('socketpair', *args)}")
'''
root = make_course("a15")
hand_in(root, "aaron", honest()); hand_in(root, "mallory", hostile(PROBE)); hand_in(root, "zoe", honest())
grade(root)
summary(root)
print(outputs(root, "mallory"))
# the same calls outside any sandbox, as root, for comparison
print("--- outside the sandbox (root, no filter):")
exec(compile(PROBE, "probe", "exec"))
