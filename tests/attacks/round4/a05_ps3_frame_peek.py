"""a05: a01's frame peek against ps3_batch's per_rank_batch_impossible (drawn_splits(unpredictable(13)) keeps
(args, valid) in the probe's local `drawn`, on the stack of the forked child that runs per_rank_batch).
per_rank_batch below validates nothing: it raises ValueError when the grader's own list says so (or for the
published impossible cases it reads from probes.ps3_batch, public), and otherwise returns 1.
Students: "peek3" and "naive3" (same without the frame peek).
Run as root: the checkout's .venv/bin/python a05_ps3_frame_peek.py
"""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.dirname(__import__("os").path.abspath(__file__))))
from attack_course import *
import attack_course as common
common.NB = "ps3_batch.ipynb"

PEEK = r'''
import sys
def _grader_says_invalid(args):
    f = sys._getframe(1)
    while f is not None:
        d = f.f_locals.get("drawn")
        if isinstance(d, list):
            for case, valid in d:
                if tuple(case) == tuple(args):
                    return not valid
        f = f.f_back
    return None
'''
PUB = "_IMPOSSIBLE = {(10, 4), (0, 4), (-8, 4), (8, 0), (8, -1), (7, 2), (1, 2)}\ntry:\n    from probes.ps3_batch import PER_RANK_IMPOSSIBLE_CASES as _P\n    _IMPOSSIBLE |= {(g, w) for g, w, *_ in _P}\nexcept Exception:\n    pass\n"
peek3 = notebook(assignment="ps3_batch", overrides={"per_rank_batch": PEEK + PUB + '''
def per_rank_batch(global_batch, world_size):
    if (global_batch, world_size) in _IMPOSSIBLE or _grader_says_invalid((global_batch, world_size)):
        raise ValueError(f"a global batch of {global_batch} does not split over world size {world_size}")
    return 1
'''})
naive3 = notebook(assignment="ps3_batch", overrides={"per_rank_batch": PUB + '''
def per_rank_batch(global_batch, world_size):
    if (global_batch, world_size) in _IMPOSSIBLE:
        raise ValueError(f"a global batch of {global_batch} does not split over world size {world_size}")
    return 1
'''})

if __name__ == "__main__":
    dest = make_course("05", {"peek3": peek3, "naive3": naive3}, assignment="ps3_batch")
    grade(dest)
    show(dest)

# RESULT (root, 03:54-03:56 UTC, 83 s): BROKEN. peek3 2/30 (per_rank_batch_impossible 2/2), naive3 0/30
# ("per_rank_batch(-3, 16) returned 1 for drawn for this grading; it must raise ValueError"). The first run
# (raise ValueError("no")) scored 0 only because the judge wants the numbers in the message.
# Output: a05_ps3_frame_peek.out.txt
