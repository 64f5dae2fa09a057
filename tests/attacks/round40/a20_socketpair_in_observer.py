"""a20: a15 from the observer's side: the student's function, run by the hidden check in a child of the observer,
tries socket() and socketpair() of AF_VSOCK and MPTCP and reports the answers in an error (shown in her feedback)."""
import sys, glob, html, re; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
SUFFIX = r'''
_real_training_memory = training_memory
def training_memory(model, optimizer):
    import os, ctypes, errno
    if os.getppid() != 0:
        libc = ctypes.CDLL(None, use_errno=True)
        out = {}
        for label, args in (("vsock", (40, 1, 0)), ("mptcp", (2, 1, 262))):
            r = libc.socket(*args); out[label + ".socket"] = "made" if r >= 0 else errno.errorcode[ctypes.get_errno()]
            sv = (ctypes.c_int * 2)(); r = libc.socketpair(*args, sv)
            out[label + ".socketpair"] = "made" if r == 0 else errno.errorcode[ctypes.get_errno()]
        raise RuntimeError(f"OBSERVER-CHILD-SOCKETS {out}")
    return _real_training_memory(model, optimizer)
'''
root = make_course("a20")
hand_in(root, "aaron", honest()); hand_in(root, "mallory", hostile("", suffix=SUFFIX)); hand_in(root, "zoe", honest())
grade(root)
summary(root)
h = html.unescape(open(glob.glob(f"{root}/feedback/mallory/{A}/*.html")[0]).read())
m = re.search(r"OBSERVER-CHILD-SOCKETS \{.vsock[^}]*\}", h)
print("in the feedback:", m.group(0) if m else "not found")
