"""a01: a hand-in with a 1,200-deep chain of folders beside the notebook. keep_private's new _private_below (round 49's
fix) recurses once per folder level with no depth bound and catches only OSError: a RecursionError would stop the
class's whole grading before anyone is graded."""
import os, sys, time
sys.path.insert(0, os.path.dirname(__file__))
from harness import *

A = "ps1_memory"
d = course("a01")
for s in ("aaron", "zoe"):
    hand_in(d, s, A, nb_for(A))
p = hand_in(d, "mallory", A, nb_for(A))
depth = int(sys.argv[1]) if len(sys.argv) > 1 else 1200
fd = os.open(p, os.O_RDONLY)
for i in range(depth):
    os.mkdir("d", 0o755, dir_fd=fd)
    nfd = os.open("d", os.O_RDONLY, dir_fd=fd); os.close(fd); fd = nfd
os.close(fd)
subprocess.run(["chown", "-R", "65534:65534", d], check=True)
print("depth made:", depth)
r = grade(d, A)
sc = scores(d, A)
leaks(d)
print("graded folders:", sorted(os.listdir(f"{d}/autograded")) if os.path.isdir(f"{d}/autograded") else None)
# second run: the class stays ungradeable until the TA finds the folder
r = grade(d, A, quiet=True); print("second run stderr tail:", r.stderr[-300:])
