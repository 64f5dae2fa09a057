"""a06 (second run names each listener's process and whether it descends from this grading run): while ps2_ddp (distributed checks: ranks with a TCPStore and gloo) is graded for aaron, mallory (honest here)
and zoe, a host-side scanner (as a student account would, NETLINK_SOCK_DIAG of the host's network namespace) logs
every TCP listener of the sandboxes' host uids (65470-65534): do graded ranks listen where a local account reaches?
The scanner only lists; it connects to nothing."""
import sys, threading; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from common import *
import socket, struct
def all_listeners():
    s = socket.socket(socket.AF_NETLINK, socket.SOCK_DGRAM, 4); out = []
    for fam in (socket.AF_INET, socket.AF_INET6):
        req = struct.pack("=BBBBI", fam, socket.IPPROTO_TCP, 0, 0, 1 << 10) + b"\0" * 48
        s.send(struct.pack("=IHHII", 16 + len(req), 20, 0x301, 1, 0) + req)
        done = False
        while not done:
            data = s.recv(65536); off = 0
            while off < len(data):
                ln, typ = struct.unpack_from("=IH", data, off)
                if typ in (2, 3): done = True; break
                msg = data[off + 16:off + ln]
                out.append((fam, struct.unpack_from(">H", msg, 4)[0], struct.unpack_from("=I", msg, 64)[0], struct.unpack_from("=I", msg, 68)[0]))
                off += (ln + 3) & ~3
    return out
def owner(ino):
    """(pid, cmdline, whether it is a process of this grading run) of the socket's holder: root may read every fd."""
    me = str(os.getpid())
    for p in os.listdir("/proc"):
        if not p.isdigit(): continue
        try:
            for fd in os.listdir(f"/proc/{p}/fd"):
                if os.readlink(f"/proc/{p}/fd/{fd}") == f"socket:[{ino}]":
                    cmd = open(f"/proc/{p}/cmdline", "rb").read()[:120]
                    chain, q = [], p
                    while q not in ("0", "1"):
                        chain.append(q); q = open(f"/proc/{q}/stat").read().rsplit(")", 1)[1].split()[1]
                    return p, cmd, ("ours" if me in chain else "not ours: another run"), os.readlink(f"/proc/{p}/ns/net")
        except OSError:
            continue
    return None
found = set(); stop = False; polls = [0]
def scan():
    while not stop:
        for fam, port, uid, ino in all_listeners():
            if 65470 <= uid <= 65534 and (port, uid) not in found:
                found.add((port, uid)); print("SANDBOX-UID LISTENER on host netns:", fam, port, uid, "owner:", owner(ino), flush=True)
        polls[0] += 1
        time.sleep(0.002)
threading.Thread(target=scan, daemon=True).start()
c = make_course("a06")
for s in ("aaron", "mallory", "zoe"):
    hand_in(c, s, honest("ps2_ddp"), "ps2_ddp")
grade(c, "ps2_ddp"); scores(c); times(c)
stop = True
print("scanner polls:", polls[0], "sandbox-uid listeners seen on the host:", sorted(found))
shutil.rmtree(c)
