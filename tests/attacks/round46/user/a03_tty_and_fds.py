"""a03: the TA runs `make grade` in a terminal. Does anything in a sandbox (the kernel, bwrap's init, the placeholder,
any process it can see) hold a descriptor of that terminal, or can it open /dev/tty? With one, TIOCSTI (on the ioctl
allow list: terminals' commands) would type commands into the TA's shell, and TIOCSWINSZ/TCSETS change it.
The grader is run under `script` (a pty as the TA's terminal). mallory's quiz cell lists every visible process's fds
(readlink /proc/*/fd/*), tries to open each one and /dev/tty, and tries TIOCSTI/TIOCGWINSZ on any tty it gets."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"
CODE = r'''
import os, fcntl, termios, struct
print("BEGIN")
for p in sorted(x for x in os.listdir("/proc") if x.isdigit()):
    try: cmd = open(f"/proc/{p}/cmdline","rb").read().replace(b"\0",b" ")[:60]
    except Exception as e: cmd = repr(e)
    try: fds = {f: os.readlink(f"/proc/{p}/fd/{f}") for f in os.listdir(f"/proc/{p}/fd")}
    except Exception as e: fds = repr(e)
    print(p, cmd, fds)
    if isinstance(fds, dict):
        for f, t in fds.items():
            try:
                fd = os.open(f"/proc/{p}/fd/{f}", os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK)
                if os.isatty(fd): print("  TTY!", p, f, t)
                os.close(fd)
            except Exception as e: pass
for i in range(0, 20):
    try:
        if os.isatty(i): print("own fd tty", i)
    except Exception: pass
try:
    fd = os.open("/dev/tty", os.O_RDWR); print("/dev/tty opened", fd)
    try: fcntl.ioctl(fd, termios.TIOCSTI, b"#"); print("TIOCSTI ok")
    except Exception as e: print("TIOCSTI", e)
except Exception as e: print("/dev/tty:", e)
print("sid", os.getsid(0), "pgrp", os.getpgrp())
print("END")
'''
if __name__ == "__main__":
    d = make_course("a03")
    hand_in(d, AARON, A, honest(A)); hand_in(d, MALLORY, A, with_code(CODE)); hand_in(d, ZOE, A, honest(A))
    chown(d)
    cmd = f"cd {CLONE} && setpriv --reuid 65534 --regid 65534 --clear-groups {PY} -m grader.grade --course-dir {d} --workers 1 {A}"
    r = subprocess.run(["script", "-qfec", cmd, "/dev/null"], env=ENV, capture_output=True, text=True, timeout=900)
    print("grade under a pty rc", r.returncode); print(r.stdout[-1500:])
    scores(d); print("seconds", seconds(d))
    print(between(output_of(d, MALLORY)))
    shutil.rmtree(d)
