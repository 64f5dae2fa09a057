"""a06: the forked kernel holds sockets created before the fork (a05: inode numbers older than its own stdin):
what are they? (family, type, listening?, name, peer). A listening or connected socket of the kernel template
(grader.zygote), which serves 'its own user' (as an ordinary user: the kernel's host user too), would let a
kernel ask the template for kernels or read another's."""
from u6 import *
R = r'''
import os, socket
for fd in sorted(int(x) for x in os.listdir("/proc/self/fd")):
    try: link = os.readlink(f"/proc/self/fd/{fd}")
    except OSError: continue
    if not link.startswith("socket:"): continue
    try:
        s = socket.socket(fileno=os.dup(fd))
        acc = s.getsockopt(socket.SOL_SOCKET, socket.SO_ACCEPTCONN)
        try: peer = s.getpeername()
        except OSError as e: peer = repr(e)
        print(fd, link, s.family.name, s.type.name, "listening" if acc else "", repr(s.getsockname()), "peer", repr(peer))
        s.detach()
    except Exception as e: print(fd, link, repr(e))
print(open("/proc/net/unix").read()[:3000])
q1 = "a"
'''
if __name__ == "__main__":
    dest, p = ugrade("06", {"socks": notebook({"quiz_q1": R})})
    outputs(dest, "socks")

# RESULT (ordinary user, a06.out.txt): held. Every socket of the forked kernel is its own: the ZeroMQ ipc
# listeners ipc-1..5 in its runtime folder, their accepted connections, zmq's internal socketpairs and one AF_INET
# listener on 127.0.0.1 in its own network namespace. Nothing of the template (zygote) or its launcher channel is
# held (zygote closes every descriptor but the channel, then the channel). Score 0/30.
