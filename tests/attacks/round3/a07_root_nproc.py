"""a07 (root): a03's process-table attack against the root grader, for comparison.

As root every sandbox is also host uid 65534, but each submission has a pids cgroup (256) and no
per-user RLIMIT_NPROC, so a_nproc should only use up its own allowance; b_honest (graded beside it
while it idles) and c_honest should keep full marks.
"""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.dirname(__import__("os").path.abspath(__file__))))
from attack_course import *
from a03_user_nproc_and_runtime import NPROC, IDLE

if __name__ == "__main__":
    honest = honest_nb()
    students = {"a_nproc": notebook(overrides={"training_memory": NPROC, "per_device_memory": IDLE}),
                "b_honest": honest, "c_honest": honest}
    dest = make_course("07", students)
    grade(dest)
    show(dest)
    print("===== a_nproc"); outputs(dest, "a_nproc")

# RESULT (root, 03:02-03:06 UTC, output a07_root_nproc.out.txt): a_nproc "forked 241 sleepers, then
# [Errno 11]" (its pids cgroup), idled 239 s; b_honest graded beside it (5.8 s) 24/24, c_honest 24/24.
# Contained as root: the per-submission pids cgroup, not a per-user rlimit. Compare a03 (ordinary user).
