"""a05: what the kernel holds and sees: its descriptors (anything from the template or the grader?), the course
folder's ro tmpfs and its own folder, /dev/tty, a few syscalls outside the deny list aimed at the host."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
CODE = r'''q1 = "b"
import os, socket, ctypes, errno
libc = ctypes.CDLL(None, use_errno=True)
for fd in sorted(int(x) for x in os.listdir('/proc/self/fd')):
    try: print("FD", fd, os.readlink(f'/proc/self/fd/{fd}'), open(f'/proc/self/fdinfo/{fd}').read().replace('\n', ' ')[:120])
    except Exception as e: print("FD", fd, e)
for top in ('/tmp', os.getcwd(), os.path.dirname(os.path.dirname(os.getcwd())), '/tmp/' + os.getcwd().split('/')[2]):
    for root, dirs, files in os.walk(top):
        print("WALK", root, dirs[:20], files[:20])
        if root.count('/') > 6: break
try: os.open('/dev/tty', os.O_RDWR); print("TTY opened!")
except OSError as e: print("TTY", e)
for name, fam, typ, proto in [("raw", 2, 3, 1), ("icmp", 2, 2, 1), ("packet", 17, 3, 0), ("nl_audit", 16, 3, 9), ("nl_kobj", 16, 2, 15), ("unix_abstract_host", 1, 1, 0)]:
    try:
        s = socket.socket(fam, typ, proto); print("SOCK", name, "made")
        if name == "unix_abstract_host":
            for a in ("\0/tmp/.X11-unix/X0", "\0jupyter", "\0@/org/freedesktop/systemd1/notify"):
                try: s.connect(a); print("SOCK connect", a, "OK")
                except OSError as e: print("SOCK connect", a, e)
    except OSError as e: print("SOCK", name, e)
# a setuid binary does nothing under no_new_privs; try one anyway
import subprocess
for b in ("/usr/bin/su", "/usr/bin/sudo", "/usr/bin/newuidmap", "/usr/bin/passwd"):
    if os.path.exists(b):
        r = subprocess.run([b, "--help"], capture_output=True, text=True, timeout=5); print("SUID", b, r.returncode, (r.stdout + r.stderr)[:120].replace('\n', ' '))
print("SYSCALL sethostname", libc.sethostname(b"x", 1), ctypes.get_errno())
print("SYSCALL mknod fifo /tmp/f", libc.mknod(b"/tmp/f", 0o10644, 0), ctypes.get_errno())
print("SYSCALL mknod chr /tmp/c", libc.mknod(b"/tmp/c", 0o20644, (1 << 8) | 3), ctypes.get_errno())
'''
d = make_course("a05")
hand_in(d, "aaron", notebook())
hand_in(d, "mallory", notebook(overrides={"quiz_q1": CODE}))
hand_in(d, "zoe", notebook())
grade(d)
scores(d)
for t in outputs(d, "mallory"):
    if any(k in t for k in ("FD", "WALK", "TTY", "SOCK", "SUID", "SYSCALL")): print(t[:20000])
