"""a10: clone(CLONE_PARENT) from a check's child (the student's training_memory, run by the observer in a child):
the new process is the observer's own child, not the check child's. Does it outlive the call (and the grading)?
After grading, lists host processes of the sandbox uids (65470-65533)."""
import sys, subprocess
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
src = nbformat.read(f"{CLONE}/source/ps1_memory/ps1_memory.ipynb", 4)
from tools.submissions import solution_text
sol = next(solution_text(c) for c in src.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory")
EXTRA = r'''
import ctypes as _ct, os as _os, time as _time
def _sibling():
    libc = _ct.CDLL(None, use_errno=True)
    libc.syscall.restype = _ct.c_long
    pid = libc.syscall(56, 0x00008000 | 17, 0, 0, 0, 0)  # clone(CLONE_PARENT | SIGCHLD)
    if pid == 0:
        _os.setsid()
        _time.sleep(600)
        _os._exit(0)
    return pid
_orig_training_memory = training_memory
def training_memory(model, optimizer):
    _sibling()
    return _orig_training_memory(model, optimizer)
'''
nb_m = nb_for("ps1_memory", {"training_memory": sol + "\n" + EXTRA})
d = course("a10")
for s, nb in [("aaron", nb_for("ps1_memory")), ("mallory", nb_m), ("zoe", nb_for("ps1_memory"))]:
    hand_in(d, s, "ps1_memory", nb)
grade(d, "ps1_memory")
scores(d, "ps1_memory")
print(subprocess.run("ps -eo pid,uid,etimes,cmd | awk '$2>=65470 && $2<=65533'", shell=True, capture_output=True, text=True).stdout or "no process of a sandbox uid left")
