"""a05: what host paths does a sandbox learn? /proc/self/mountinfo names each bind mount's root as seen from the
host's mount (the 4th field): round 30 called the grader's PATH (the TA's home, tools) in bwrap's init a leak.
The course folder here is CLONE-work/a05 (the TA's layout), the checkout CLONE.
mallory's quiz cell prints mountinfo, cgroup, and every string of the sandbox that names a host path."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"
CODE = r'''
import os, sys, glob
print("BEGIN")
print(open("/proc/self/mountinfo").read())
print("cgroup:", open("/proc/self/cgroup").read())
for p in ("/proc/1/cmdline", "/proc/2/cmdline", "/proc/self/cmdline", "/proc/self/environ"):
    try: print(p, open(p, "rb").read().replace(b"\0", b" ")[:400])
    except Exception as e: print(p, e)
print("sys.path", sys.path)
print("END")
'''
if __name__ == "__main__":
    d = make_course("a05")
    hand_in(d, AARON, A, honest(A)); hand_in(d, MALLORY, A, with_code(CODE)); hand_in(d, ZOE, A, honest(A))
    grade(d, A); scores(d); print("seconds", seconds(d))
    out = between(output_of(d, MALLORY)) or output_of(d, MALLORY)[:6000]
    print(out)
    for needle in ("attack46-user-work", "/root", "/home", "DATABASE", "AKIA", "secret"):
        print(f"needle {needle!r} in sandbox's view: {needle in out}")
    shutil.rmtree(d)
