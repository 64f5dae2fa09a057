"""a10: /dev/tty is bound read-write into the sandbox (a02's mounts). With the grader started from a terminal (here
under `script`, a pty), can the kernel open it and write to the TA's terminal past the grader's escaping (or TIOCSTI)?"""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
PROBE = r'''
q1 = "b"
import os, errno
r = {}
try:
    fd = os.open("/dev/tty", os.O_RDWR); os.write(fd, b"\x1b[31mFORGED-BY-MALLORY\x1b[0m\n"); r["tty"] = "opened+written"
except OSError as e:
    r["tty"] = errno.errorcode.get(e.errno)
r["sid"] = os.getsid(0); r["pgrp"] = os.getpgrp(); r["pid"] = os.getpid()
for f in (0, 1, 2):
    try:
        r[f] = os.ttyname(f)
    except OSError as e:
        r[f] = errno.errorcode.get(e.errno)
print("TTY", r)
'''
if len(sys.argv) > 1:
    d = course("a10")
    hand_in(d, "aaron", "ps1_memory", nb_for("ps1_memory"))
    hand_in(d, "mallory", "ps1_memory", nb_for("ps1_memory", {"quiz_q1": PROBE}))
    hand_in(d, "zoe", "ps1_memory", nb_for("ps1_memory"))
    r = subprocess.run(["script", "-qec", f"{CLONE}/.venv/bin/python -m grader.grade --course-dir {d} --workers 1 ps1_memory", "/dev/null"],
                       cwd=CLONE, env=ENV, capture_output=True, text=True, timeout=600)
    print("terminal shows FORGED:", "FORGED-BY-MALLORY" in r.stdout, "rc", r.returncode)
    scores(d, "ps1_memory")
    nb = nbformat.read(f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb", 4)
    for c in nb.cells:
        for o in c.get("outputs", []):
            t = o.get("text", "")
            if "TTY" in t:
                print(t)
else:
    os.execv(sys.executable, [sys.executable, __file__, "run"])
