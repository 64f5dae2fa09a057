"""a06: the same lease from the observer's side: a check's child (student code run by the observer) tries F_SETLEASE
(write lease) on the venv's pyvenv.cfg and on probes/wire.py, and F_NOTIFY (dnotify) on site-packages; it raises
with what it found (the cell is sacrificed so the answer comes back as the check's failure message)."""
import sys
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
probe = r'''
import os, fcntl, sys, signal
def training_memory(model, optimizer):
    signal.signal(signal.SIGIO, signal.SIG_IGN)
    out = {"uid": os.getuid(), "pid": os.getpid()}
    import probes
    for p in (sys.prefix + "/pyvenv.cfg", os.path.dirname(probes.__file__) + "/wire.py"):
        fd = os.open(p, os.O_RDONLY)
        try:
            fcntl.fcntl(fd, 1024, fcntl.F_WRLCK); out[p] = "WRLCK taken"
        except OSError as e:
            out[p] = e.strerror
        os.close(fd)
    sp = [q for q in sys.path if q.endswith("site-packages")][0]
    fd = os.open(sp, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.fcntl(fd, 1026, 0x80000000 | 0x2 | 0x4); out["dnotify"] = "F_NOTIFY ok"
    except OSError as e:
        out["dnotify"] = e.strerror
    raise RuntimeError("PROBE " + repr(out))
'''
d = make_course("a06", A, {"mallory": {"training_memory": probe}})
grade(d, A)
scores(d, A)
print([l[:600] for l in outputs(d, "mallory", A, "training_memory_counts_tensors").split("\n") if "PROBE" in l])
