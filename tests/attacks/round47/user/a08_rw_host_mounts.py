"""a08: as an ordinary user the sandbox's user owns the venv, the checkout and the grader's private folders on the
host. Every mount of the kernel's sandbox that is writable and not its own tmpfs/proc: list it and try to write a file
there (a write onto the host's disk would outlive the sandbox: the disk, /tmp, the grader's folders)."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
PAY = r'''
import os
rw = []
for line in open("/proc/self/mountinfo"):
    f = line.split()
    sep = f.index("-")
    point, opts, fstype, src = f[4], f[5], f[sep + 1], f[sep + 2]
    if opts.startswith("rw") and fstype not in ("tmpfs", "proc", "devpts"):
        rw.append((point, fstype, src, f[3]))
print("writable non-tmpfs mounts:", rw)
for point, fstype, src, root in rw:
    if fstype == "devtmpfs": continue
    try:
        p = os.path.join(point, ".a08-probe")
        with open(p, "w") as fh: fh.write("x")
        print("WROTE", p)
    except OSError as e:
        print("refused", point, e)
fds = {}
for pid in os.listdir("/proc"):
    if not pid.isdigit(): continue
    for what in ("cwd", "root"):
        try: fds[f"{pid}/{what}"] = os.readlink(f"/proc/{pid}/{what}")
        except OSError as e: fds[f"{pid}/{what}"] = repr(e)
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try: fds[f"{pid}/fd/{fd}"] = os.readlink(f"/proc/{pid}/fd/{fd}")
            except OSError: pass
    except OSError as e:
        fds[f"{pid}/fd"] = repr(e)
print("links:", {k: v for k, v in fds.items() if not v.startswith(("pipe:", "socket:", "anon_inode:", "/dev/null"))})
for k, v in fds.items():
    if v.startswith("/") and not v.startswith(("/dev", "/proc", "/usr")):
        try:
            target = f"/proc/{k}"
            if os.path.isdir(target):
                open(os.path.join(target, ".a08-probe"), "w").write("x"); print("WROTE via", target)
        except OSError as e:
            print("refused via", k, v, e.strerror)
'''
d, r, sc = run_class("a08", "ps1_memory", {"mallory": with_payload("ps1_memory", "training_memory", PAY)})
print(outputs(d, "mallory", "ps1_memory")[:8000])
import subprocess
print("probe files on the host:", subprocess.run("find /tmp CLONE -name .a08-probe 2>/dev/null", shell=True, capture_output=True, text=True).stdout)
leaks(d)
