"""a05: routes that still stop a process (only the CALLER itself): timer_create(SIGEV_SIGNAL, SIGSTOP) and
prctl(PR_SET_PDEATHSIG, SIGSTOP), used in a check's child to leave stopped grandchildren (state T) behind, and in the
kernel. Does the observer's sweep (SIGKILL to every descendant) clear stopped processes, are later checks answered,
does the honest answer still score, and do the controls keep full marks? mallory = the solution + these side effects
in training_memory (every call) and partition_layers (per call)."""
import os, sys
sys.path.insert(0, os.path.dirname(__file__))
from common import course, scores, report
CLONE = __import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))
sys.path.insert(0, CLONE)
import nbformat
from tools.submissions import solution_text

src = nbformat.read(CLONE + "/source/ps1_memory/ps1_memory.ipynb", 4)
sol = {c.metadata["nbgrader"]["grade_id"]: solution_text(c) for c in src.cells
       if c.metadata.get("nbgrader", {}).get("solution") and c.cell_type == "code"}

SIDE = r'''
def _stop_self_leftovers():
    import ctypes, os, struct, time
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    if os.fork() == 0:  # a grandchild that stops itself by a timer
        sev = ctypes.create_string_buffer(64)
        struct.pack_into("Qii", sev, 0, 0, 19, 0)  # SIGEV_SIGNAL, SIGSTOP
        tid = ctypes.c_int(0)
        libc.syscall(222, 1, ctypes.addressof(sev), ctypes.addressof(tid))
        its = ctypes.create_string_buffer(struct.pack("qqqq", 0, 0, 0, 1000000))
        libc.syscall(223, tid.value, 0, ctypes.addressof(its), 0)
        time.sleep(5)
        os._exit(0)
    if os.fork() == 0:  # a grandchild whose parent (an intermediate) dies: PDEATHSIG = SIGSTOP
        if os.fork() == 0:
            libc.prctl(1, 19, 0, 0, 0)
            time.sleep(5)
            os._exit(0)
        os._exit(0)
    time.sleep(0.05)
'''

def wrap(code, fn):
    return SIDE + code.replace(f"def {fn}(", f"def _real_{fn}(", 1) + (
        f"\n\ndef {fn}(*a, **k):\n    _stop_self_leftovers()\n    return _real_{fn}(*a, **k)\n")

MALLORY = {"training_memory": wrap(sol["training_memory"], "training_memory"),
           "per_device_memory": wrap(sol["per_device_memory"], "per_device_memory")}
root, p = course("a05", "ps1_memory", {"mallory": MALLORY})
print("scores:", scores(root))
print("report:", report(root))
import subprocess
print("left over processes of sandbox uids:", subprocess.run("ps -eo uid,pid,stat,cmd | awk '$1>=65470 && $1<=65534'",
      shell=True, capture_output=True, text=True).stdout or "none")
