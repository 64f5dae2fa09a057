"""a08 (re-attack of round 13's netlink fix, recon): from a kernel cell, every way I could think of to get a socket
buffer that no cgroup counts past the fix: netlink protocols other than ROUTE, SOCK_DGRAM netlink, raising
SO_RCVBUF / SO_RCVBUFFORCE / SO_SNDBUF on netlink, unix, TCP and UDP sockets, AF_ALG, AF_PACKET, raw IP, and how much
one NETLINK_ROUTE socket queues at the default size (round 13's known residual). Honest control: the solution."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common14 import course, grade, show, honest_nb, notebook, cleanup  # noqa: E402

DEST = "/tmp/attack14-a08"
PROBE = r'''
import socket as _s, struct as _st, errno as _en
def _try(label, fn):
    try:
        r = fn(); print(f"A14 {label}: allowed ({r})")
    except OSError as e:
        print(f"A14 {label}: refused ({_en.errorcode.get(e.errno, e.errno)})")
for _proto, _name in [(0, "ROUTE"), (2, "USERSOCK"), (4, "SOCK_DIAG"), (9, "AUDIT"), (15, "KOBJECT_UEVENT"), (16, "GENERIC"), (11, "CONNECTOR")]:
    for _ty, _tn in [(_s.SOCK_RAW, "RAW"), (_s.SOCK_DGRAM, "DGRAM")]:
        _try(f"socket(AF_NETLINK, {_tn}, {_name})", lambda: _s.socket(_s.AF_NETLINK, _ty, _proto).close())
for _fam, _ty, _lab in [(_s.AF_NETLINK, _s.SOCK_RAW, "netlink route"), (_s.AF_UNIX, _s.SOCK_STREAM, "unix"),
                        (_s.AF_INET, _s.SOCK_STREAM, "tcp"), (_s.AF_INET, _s.SOCK_DGRAM, "udp")]:
    _k = _s.socket(_fam, _ty, 0)
    for _opt, _on in [(_s.SO_RCVBUF, "SO_RCVBUF"), (33, "SO_RCVBUFFORCE"), (_s.SO_SNDBUF, "SO_SNDBUF"), (32, "SO_SNDBUFFORCE")]:
        _try(f"{_lab} setsockopt({_on}, 8 MiB)", lambda: (_k.setsockopt(_s.SOL_SOCKET, _opt, 8 << 20), _k.getsockopt(_s.SOL_SOCKET, _opt))[1])
    print(f"A14 {_lab} SO_RCVBUF now {_k.getsockopt(_s.SOL_SOCKET, _s.SO_RCVBUF)}")
    _k.close()
_try("socket(AF_ALG)", lambda: _s.socket(38, _s.SOCK_SEQPACKET, 0).close())
_try("socket(AF_PACKET)", lambda: _s.socket(17, _s.SOCK_RAW, 0).close())
_try("socket(AF_INET, SOCK_RAW, ICMP)", lambda: _s.socket(_s.AF_INET, _s.SOCK_RAW, 1).close())
_try("socket(AF_INET6, SOCK_DGRAM)", lambda: _s.socket(_s.AF_INET6, _s.SOCK_DGRAM, 0).close())
_try("socket(AF_INET, SOCK_STREAM, MPTCP)", lambda: _s.socket(_s.AF_INET, _s.SOCK_STREAM, 262).close())
# the known residual: one NETLINK_ROUTE socket filled with unread acks at its default size
_n = _s.socket(_s.AF_NETLINK, _s.SOCK_RAW, 0); _n.bind((0, 0)); _n.setblocking(False)
_msg = _st.pack("=LHHLL", 32, 18, 0x1 | 0x4, 1, 0) + _st.pack("=BxHiII", 0, 0, 999999, 0, 0)   # RTM_GETLINK, ACK
_sent = 0
for _i in range(20000):
    try:
        _n.send(_msg); _sent += 1
    except OSError:
        break
_rmem = [l.split() for l in open("/proc/net/netlink").read().splitlines()[1:]]
print(f"A14 one NETLINK_ROUTE socket: {_sent} requests sent; Rmem of this netns's netlink sockets: {sorted(int(r[4]) for r in _rmem)[-3:]} bytes")
'''


def mutate(nb):
    for c in nb.cells:
        if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory":
            c.source = PROBE


dest = course(DEST, {"alice_honest": honest_nb(), "mallory": notebook(mutate=mutate)})
grade(dest)
show(dest)
import nbformat  # noqa: E402
nb = nbformat.read(os.path.join(dest, "autograded", "mallory", "ps1_memory", "ps1_memory.ipynb"), 4)
for c in nb.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory":
        for o in c.get("outputs", []):
            print(o.get("output_type"), (o.get("text") or o.get("ename", "") + ": " + o.get("evalue", ""))[:6000])
cleanup(DEST)
print("cleaned up", DEST)
