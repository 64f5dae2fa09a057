"""a05: a kernel is a fork of the run's template (one per grading run, root). A MAP_SHARED writable mapping the
template holds would be inherited by every kernel forked from it: one submission writing into it would reach the
next submission's kernel. List the kernel's shared mappings and descriptors inherited from the template, and the
observer's view is not reachable; also check /proc/self/maps for anything of the template's host paths."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from common import *
CODE = r'''
import os
print("MAPS_SHARED", [l for l in open("/proc/self/maps").read().splitlines() if " rw-s " in l or " r--s " in l or "-s " in l.split()[1][-1:]])
print("MAPS_ALL_S", [l for l in open("/proc/self/maps").read().splitlines() if l.split()[1].endswith("s")])
print("FDS", {fd: os.readlink("/proc/self/fd/" + fd) for fd in os.listdir("/proc/self/fd")})
print("PATHS", sorted({l.split()[-1] for l in open("/proc/self/maps").read().splitlines() if len(l.split()) > 5 and not l.split()[-1].startswith(("CLONE/.venv", "/usr", "$TA_HOME/.pyenv"))}))
'''
if __name__ == "__main__":
    c = make_course("a05")
    hand_in(c, "aaron", honest())
    hand_in(c, "mallory", hostile(append={"training_memory": CODE}))
    hand_in(c, "zoe", honest())
    grade(c)
    scores(c)
    leak_scan(c)
    for i, t in outputs_grep(c, "mallory"):
        if i == 3: print(t[:60000])
