"""a04: what do the forked kernel, bwrap's init and the placeholder hold? Every socket fd: family, names, peer
credentials (a unix socket whose peer is outside the sandbox: the template, the launcher?), pipes shared with whom."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
PROBE = r'''
import os, socket, struct, glob
_o = []
def _fds(pid):
    res = []
    for fd in sorted(os.listdir(f"/proc/{pid}/fd"), key=int):
        try: res.append((int(fd), os.readlink(f"/proc/{pid}/fd/{fd}")))
        except Exception as e: res.append((int(fd), f"<{e}>"))
    return res
for pid in sorted(p for p in os.listdir("/proc") if p.isdigit()):
    try: _o.append(f"PID {pid} fds: {_fds(pid)}")
    except Exception as e: _o.append(f"PID {pid} fds: {e}")
for fd, what in _fds("self"):
    if what.startswith("socket:"):
        try:
            s = socket.socket(fileno=os.dup(fd))
            info = f"fam={s.family} type={s.type}"
            try: info += f" name={s.getsockname()!r}"
            except Exception as e: info += f" name<{e}>"
            try: info += f" peer={s.getpeername()!r}"
            except Exception as e: info += f" peer<{e}>"
            if s.family == socket.AF_UNIX:
                try: info += " cred=" + str(struct.unpack("3i", s.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12)))
                except Exception as e: info += f" cred<{e}>"
            s.detach()
            _o.append(f"SOCK {fd} {info}")
        except Exception as e: _o.append(f"SOCK {fd} {e}")
_o.append("NET UNIX\n" + open("/proc/net/unix").read()[:3000])
_o.append("NET TCP\n" + open("/proc/net/tcp").read()[:2000])
print("\n".join(_o))
'''
root = make_course("a04")
hand_in(root, "aaron", honest())
hand_in(root, "mallory", hostile(PROBE))
hand_in(root, "zoe", honest())
grade(root)
summary(root)
print(outputs(root, "mallory"))
grep_canary(root)
