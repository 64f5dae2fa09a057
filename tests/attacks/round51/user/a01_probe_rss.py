"""Who is largest (RSS) and what OOM score each process of the grading has, in an unlimited cgroup of mine."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
import cg
cg.setup(20 * 2**30)
d = course("a01")
slow = with_payload("ps1_memory", "per_device_memory", "import time; time.sleep(12)") if False else None
for s in ("aaron", "mallory", "zoe"):
    hand_in(d, s, "ps1_memory", nb_for("ps1_memory"))
r, out = cg.grade_in_cg(d, "ps1_memory")
scores(d, "ps1_memory")
cg.show(out, every=3)
