"""a05: what the forked kernel inherits (its descriptors: anything of the template's socket?), and SysV message
queues (per IPC namespace: msgmni x msgmnb of kernel memory no rlimit counts; is msgget allowed by seccomp?)
plus POSIX mqueue (RLIMIT_MSGQUEUE is per host user: shared with the grader's other processes)."""
from u6 import *
R = r'''
import os, ctypes
for fd in sorted(int(x) for x in os.listdir("/proc/self/fd")):
    try: print(fd, os.readlink(f"/proc/self/fd/{fd}"))
    except OSError as e: print(fd, e)
print("sysv", {k: open(f"/proc/sys/kernel/{k}").read().strip() for k in ("msgmni", "msgmnb", "msgmax")})
libc = ctypes.CDLL(None, use_errno=True)
ids = []
buf = ctypes.create_string_buffer(8 + 8192); ctypes.memmove(buf, (1).to_bytes(8, "little"), 8)
sent = 0
for i in range(20000):
    q = libc.msgget(0, 0o1600)
    if q < 0: print("msgget stop", i, ctypes.get_errno()); break
    ids.append(q)
    while libc.msgsnd(q, buf, 8192, 0o4000) == 0: sent += 8192
print("sysv queues", len(ids), "bytes held", sent)
for q in ids: libc.msgctl(q, 0, None)
q1 = "a"
'''
if __name__ == "__main__":
    dest, p = ugrade("05", {"fds": notebook({"quiz_q1": R})})
    outputs(dest, "fds")

# RESULT (ordinary user, 130 s, a05.out.txt): (1) msgget/msgsnd are allowed: 20,000 SysV message queues holding
# 327,680,000 bytes (312 MiB) of kernel memory in one process, counted by no rlimit (per IPC namespace up to
# msgmni 32000 x msgmnb 16384 = 500 MiB; weak, bounded; same class as a03). (2) the kernel's descriptors: pipes,
# eventfds, epolls, history.sqlite, and sockets whose inode numbers are older than the kernel's own stdin:
# inherited from before the fork (the template / placeholder side) -> looked at in a06.
