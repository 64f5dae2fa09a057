"""a01: bad-input cells earned without validating anything, by reading the grader's own random cases.

Round 3's fix draws cases at random in every grading (probes.unpredictable, in the observer), with the
label valid/invalid kept in the probe's local variable `drawn`. The student's function runs in a child
*forked* from the observer (probes.observer.in_child), so the probe's frame, with `drawn`, is on the
child's stack: sys._getframe().f_back... reaches it. The function below validates nothing: it raises
ValueError when the grader's own list says the case is invalid (or the case is a published bad one), and
otherwise returns a dummy {"total": 0}.

Students: "peek" (frame reading), "naive" (same dummy, raises only for the published bad cases).
Run as root: the checkout's .venv/bin/python a01_frame_peek_drawn_cases.py
"""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.dirname(__import__("os").path.abspath(__file__))))
from attack_course import *

PEEK = r'''
import sys
def _grader_says_invalid(args):
    f = sys._getframe(1)
    while f is not None:
        d = f.f_locals.get("drawn")
        if isinstance(d, list):
            for case, valid in d:
                if tuple(case) == tuple(args) or (isinstance(case, tuple) and list(case) == list(args)):
                    return not valid
        f = f.f_back
    return None
'''

PUBLISHED_BAD = "_BAD = {(1000, 4, 'zero4'), (1000, 4, 'data'), (1000, 0, 'ddp'), (1000, -2, 'zero3'), (-5, 2, 'ddp'), (1000, 2.5, 'ddp'), (1000, 4, 'zero9')}\n"

peek = notebook(overrides={
    "per_device_memory": PEEK + PUBLISHED_BAD + '''
def per_device_memory(num_params, num_devices, strategy, weight_bytes=2, grad_bytes=2, state_bytes=12):
    args = (num_params, num_devices, strategy)
    if args in _BAD or _grader_says_invalid(args):
        raise ValueError("no")
    return {"total": 0}
''',
    "partition_layers": PEEK + '''
def partition_layers(costs, k):
    if (list(costs), k) in [([1, 2, 3], 0), ([1, 2, 3], -1), ([1, 2, 3], 4), ([], 1)] or _grader_says_invalid((list(costs), k)):
        raise ValueError("no")
    return [[0]] * 3 if k == 3 else [[0]] * 1 if k == 1 else [[0]] * (k if isinstance(k, int) and 0 < k < 64 else 1)
''',
})
naive = notebook(overrides={
    "per_device_memory": PUBLISHED_BAD + '''
def per_device_memory(num_params, num_devices, strategy, weight_bytes=2, grad_bytes=2, state_bytes=12):
    if (num_params, num_devices, strategy) in _BAD:
        raise ValueError("no")
    return {"total": 0}
''',
    "partition_layers": '''
def partition_layers(costs, k):
    if (list(costs), k) in [([1, 2, 3], 0), ([1, 2, 3], -1), ([1, 2, 3], 4), ([], 1)]:
        raise ValueError("no")
    return [[0]] * (k if isinstance(k, int) and 0 < k < 64 else 1)
''',
})

if __name__ == "__main__":
    dest = make_course("01", {"peek": peek, "naive": naive})
    grade(dest)
    show(dest)

# RESULT (root, 03:24 UTC, 110 s): BROKEN. peek 2/30 (per_device_memory_bad_input 1/1 and
# partition_layers_bad_input 1/1), naive 0/30 (both 0). Neither function validates its input; "peek" reads
# the valid/invalid label of every case drawn "unknown to the student" from the probe's frame, which is on
# the stack of the child forked from the observer. Round 3's fix (random cases per grading) does not hold:
# the labels of the random cases live in the memory of the very process the student's code runs in.
# Output: a01_frame_peek_drawn_cases.out.txt
