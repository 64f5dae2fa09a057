"""a17: a02 in the observer's sandbox: the hidden check calls training_memory in a child of the observer (forked from
the template too). The student's function raises, in that child only (its parent is in the sandbox's PID namespace;
the kernel's is not), an error carrying its rlimits; the check's message in the feedback shows them."""
import sys, glob; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
SUFFIX = r'''
_real_training_memory = training_memory
def training_memory(model, optimizer):
    import os, resource
    if os.getppid() != 0:
        lim = {n: resource.getrlimit(getattr(resource, n)) for n in ("RLIMIT_MEMLOCK", "RLIMIT_MSGQUEUE", "RLIMIT_RTPRIO", "RLIMIT_NICE")}
        raise RuntimeError(f"OBSERVER-CHILD-LIMITS {lim}")
    return _real_training_memory(model, optimizer)
'''
root = make_course("a17")
hand_in(root, "aaron", honest()); hand_in(root, "mallory", hostile("", suffix=SUFFIX)); hand_in(root, "zoe", honest())
grade(root)
summary(root)
for f in glob.glob(f"{root}/feedback/mallory/{A}/*.html"):
    h = open(f).read(); i = h.find("OBSERVER-CHILD-LIMITS")
    import html as _h
    print("feedback:", _h.unescape(h[i:i+260]) if i >= 0 else "not found")
