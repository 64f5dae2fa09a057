"""a05 (root): ps3's per_rank_batch_impossible cell (2 points) earned by a function that always raises.

Round 1's fix (valid inputs that must not raise) was made for ps1's bad-input cells only; ps3's
per_rank_batch_impossible check (probes.ps3_batch.PER_RANK_IMPOSSIBLE_CASES) has no valid input at all,
and the judge only wants a ValueError whose message names both numbers. So
    def per_rank_batch(g, w): raise ValueError(f"{g} {w}")
(no arithmetic, no validation) should take the 2 points.
"""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.dirname(__import__("os").path.abspath(__file__))))
from attack_course import *

RAISE = '''
def per_rank_batch(global_batch, world_size):
    raise ValueError(f"cannot split {global_batch} over {world_size}")
'''

if __name__ == "__main__":
    nb = notebook(overrides={"per_rank_batch": RAISE}, assignment="ps3_batch")
    dest = make_course("05", {"always_raises": nb}, assignment="ps3_batch")
    grade(dest)
    show(dest)

# RESULT (root, ~02:59 UTC, output a05_ps3_always_raises.out.txt): always_raises 2/30 =
# per_rank_batch_impossible 2/2 with a function that only raises. BROKEN (round 1's hole, still open in ps3).
