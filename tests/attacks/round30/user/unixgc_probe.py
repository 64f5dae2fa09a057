"""Standalone: leave AF_UNIX garbage cycles in flight, exit; then check whether uid's unix_inflight still blocks SCM_RIGHTS."""
import os, socket, sys, resource, errno
mode = sys.argv[1]
if mode == "fill":
    n = 0
    held = []
    try:
        while True:
            a, b = socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)
            # put a and b into a's own queue (a cycle: the socket holds itself)
            fds = [a.fileno(), b.fileno()]
            k = 0
            while True:
                try:
                    socket.send_fds(b, [b"x"], [a.fileno()] * 200)  # b -> a's queue: a holds refs to a
                    n += 200; k += 1
                except OSError as e:
                    if e.errno in (errno.ETOOMANYREFS,):
                        raise
                    break
                if k >= 5: break
            a.close(); b.close()
    except OSError as e:
        print("fill stopped:", e, "inflight sent", n)
elif mode == "check":
    a, b = socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)
    try:
        socket.send_fds(a, [b"x"], [0, 1, 2])
        print("check: send_fds OK")
    except OSError as e:
        print("check: send_fds FAILED:", e)
