"""a01: recon from inside the sandbox (fds, processes, mounts, ids, limits, tty, canary hunt) + honest controls."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
RECON = r'''
import os, glob, resource, subprocess
def _r(p, n=4000):
    try: return open(p, 'rb').read()[:n]
    except Exception as e: return repr(e).encode()
print("ID", os.getuid(), os.geteuid(), os.getgid(), os.getgroups())
print("STATUS", [l for l in _r('/proc/self/status').decode().splitlines() if l.startswith(('Cap','Seccomp','NoNewPrivs','Uid','Gid','NSpid'))])
print("UIDMAP", _r('/proc/self/uid_map'))
for p in sorted(glob.glob('/proc/[0-9]*')):
    try:
        st = os.stat(p)
        print("PROC", p, st.st_uid, _r(p+'/cmdline', 300), [ (fd, os.readlink(p+'/fd/'+fd)) for fd in os.listdir(p+'/fd')] if os.access(p+'/fd', os.R_OK) else 'nofd')
    except Exception as e: print("PROC", p, e)
for l in _r('/proc/self/mountinfo', 20000).decode().splitlines(): print("MNT", l)
for name in dir(resource):
    if name.startswith('RLIMIT_'): print("RL", name, resource.getrlimit(getattr(resource, name)))
import sys
for fd in range(3):
    try: print("TTY", fd, os.isatty(fd), os.readlink('/proc/self/fd/%d'%fd))
    except Exception as e: print("TTY", fd, e)
hits=[]
for p in glob.glob('/proc/*/environ')+glob.glob('/proc/*/task/*/environ'):
    b=_r(p, 100000)
    if b'AKIA' in b or b'ta:secret' in b: hits.append(p)
print("CANARYHITS", hits)
print("CGROUP", _r('/proc/self/cgroup'))
print("ENV", dict(os.environ))
'''
d = make_course("a01")
hand_in(d, "aaron", notebook())
hand_in(d, "mallory", notebook(overrides={"quiz_q1": 'q1 = "b"\n' + RECON}))
hand_in(d, "zoe", notebook())
grade(d)
scores(d)
grep_canary(d)
for t in outputs(d, "mallory"): print(t[:20000])
