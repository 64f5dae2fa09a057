"""a01: recon from inside the kernel: ids, fds (tty?), mounts, rlimits, cgroup, exec on tmpfs, processes visible."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
PROBE = r'''
import os, resource, subprocess, glob
def _r(p):
    try: return open(p).read()
    except Exception as e: return f"<{e}>"
_o = []
_o.append("ID " + str(os.getuid()) + " " + str(os.getgid()) + " " + str(os.getgroups()))
_o.append("STATUS " + " ".join(l for l in _r("/proc/self/status").splitlines() if l.split(":")[0] in ("Uid","Gid","CapEff","CapBnd","CapPrm","Seccomp","NoNewPrivs","Groups")))
for fd in sorted(os.listdir("/proc/self/fd"), key=int):
    try: _o.append(f"FD {fd} -> {os.readlink('/proc/self/fd/'+fd)} isatty={os.isatty(int(fd))}")
    except Exception as e: _o.append(f"FD {fd} {e}")
_o.append("MOUNTS\n" + _r("/proc/self/mountinfo"))
for n in dir(resource):
    if n.startswith("RLIMIT_"):
        _o.append(f"{n} {resource.getrlimit(getattr(resource,n))}")
_o.append("CGROUP " + _r("/proc/self/cgroup"))
_o.append("UIDMAP " + _r("/proc/self/uid_map") + " GIDMAP " + _r("/proc/self/gid_map"))
for p in sorted(glob.glob("/proc/[0-9]*")):
    _o.append("PROC " + p + " " + _r(p+"/cmdline").replace("\0"," ")[:200] + " | " + " ".join(l for l in _r(p+"/status").splitlines() if l.startswith(("Uid","PPid"))))
_o.append("CWD " + os.getcwd() + " " + str(os.listdir(".")))
try:
    open("/tmp/x.sh","w").write("#!/bin/sh\necho EXECOK\n"); os.chmod("/tmp/x.sh",0o755)
    _o.append("EXEC /tmp " + subprocess.run(["/tmp/x.sh"],capture_output=True,text=True).stdout)
except Exception as e: _o.append(f"EXEC /tmp {e}")
try:
    open("x.sh","w").write("#!/bin/sh\necho EXECOK\n"); os.chmod("x.sh",0o755)
    _o.append("EXEC cwd " + subprocess.run(["./x.sh"],capture_output=True,text=True).stdout)
except Exception as e: _o.append(f"EXEC cwd {e}")
_o.append("ENV " + str(dict(os.environ)))
_o.append("HOSTNAME " + _r("/proc/sys/kernel/hostname"))
_o.append("LS / " + str(os.listdir("/")))
_o.append("LS /etc " + str(os.listdir("/etc")))
_o.append("LS /dev " + str(os.listdir("/dev")))
print("\n".join(_o))
'''
root = make_course("a01")
hand_in(root, "aaron", honest())
hand_in(root, "mallory", hostile(PROBE))
hand_in(root, "zoe", honest())
grade(root)
summary(root)
print(outputs(root, "mallory"))
grep_canary(root)
