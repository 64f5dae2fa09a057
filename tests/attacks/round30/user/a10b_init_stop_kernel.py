"""a10b: as a10, in the kernel's own sandbox, where an orphan's exit does wake init (no subreaper there): init is
made to run kill(<kernel pid>, SIGSTOP) and then spin. If init's filter refuses stop signals the kernel goes on
(prints 'still running'); otherwise the cell stops until the grader's cell limit."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
code = sol(A, "training_memory") + r'''
import os, time, struct
_me = os.getpid()
SHELL = b"\xbf" + struct.pack("<I", _me) + bytes.fromhex("be13000000" "b83e000000" "0f05" "ebfe")
fields = open("/proc/1/syscall").read().split()
pc = int(fields[-1], 16)
fd = os.open("/proc/1/mem", os.O_RDWR); os.pwrite(fd, SHELL, pc); os.close(fd)
_pid = os.fork()
if _pid == 0:
    if os.fork() == 0:
        time.sleep(0.2)
    os._exit(0)
os.waitpid(_pid, 0)
time.sleep(1.5)
print("A10B still running: kernel pid", _me, "init state", open("/proc/1/stat").read().split()[2], "my state", open(f"/proc/{_me}/stat").read().split()[2])
'''
d = make_course("a10b", A, {"mallory": {"training_memory": code}})
grade(d, A)
scores(d, A)
o = outputs(d, "mallory", A, "training_memory"); print(o[o.find("A10B"):][:400] if "A10B" in o else o[:600])
