"""a02 (probe): which unix sockets does a sandboxed kernel hold that lead to the grader (ZeroMQ ipc connections the
grader's nbgrader connected), and does sendmsg(SCM_RIGHTS) work from the sandbox? (groundwork for a03)"""
from common import *
CODE = r'''
q1 = "b"
import os, socket, array
ip = get_ipython(); k = ip.kernel
inodes = {}
for fd in os.listdir("/proc/self/fd"):
    try:
        t = os.readlink("/proc/self/fd/" + fd)
    except OSError:
        continue
    if t.startswith("socket:["):
        inodes[t[8:-1]] = int(fd)
rows = open("/proc/net/unix").read().split("\n")
print("unix rows", len(rows))
for r in rows[1:]:
    p = r.split()
    if len(p) >= 7 and p[6] in inodes:
        print("fd", inodes[p[6]], "flags", p[3], "type", p[4], "st", p[5], "path", p[7] if len(p) > 7 else "")
print("conn file", k.connection_file if hasattr(k, "connection_file") else ip.config)
import zmq
for name in ("shell_stream", "control_stream", "iopub_socket", "stdin_socket"):
    s = getattr(k, name, None)
    s = getattr(s, "socket", s)
    try:
        print(name, s.getsockopt_string(zmq.LAST_ENDPOINT), "sndhwm", s.getsockopt(zmq.SNDHWM))
    except Exception as e:
        print(name, "?", e)
a, b = socket.socketpair()
f = open("/tmp/x", "w")
try:
    a.sendmsg([b"x"], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [f.fileno()]))])
    print("SCM_RIGHTS sent ok")
except OSError as e:
    print("SCM_RIGHTS", e)
'''
c = probe_run("a02", CODE)
scores(c)
