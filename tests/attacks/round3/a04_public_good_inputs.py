"""a04 (root): the bad-input cells of ps1 without writing any input check.

Round 1 found that always-raising functions earned the bad-input cells; the fix added valid inputs
"at the edges" that must not raise (probes.ps1_memory.GOOD_PER_DEVICE, GOOD_PARTITIONS). But those
inputs are public (probes/ is readable by students, it ships with the course) and the judge only checks
that they do not raise, not what they return. So:
- lazy_table: raise ValueError for everything except the 4 public good inputs, for which it returns None;
- lazy_frame: needs no table at all: in the observer's child the calls run in one batch
  (probes.observer._call_each_in_child), so the function reads the caller's `calls` and `done` and
  returns None for the last two calls (the good ones), raising ValueError for the rest. Works for
  any assignment whose error check lists the good inputs last.
Neither validates anything nor computes anything. Expected honest result for those two cells: 1 + 1.
"""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.dirname(__import__("os").path.abspath(__file__))))
from attack_course import *

TABLE_PD = '''
def per_device_memory(num_params, num_devices, strategy, weight_bytes=2, grad_bytes=2, state_bytes=12):
    if (num_params, num_devices, strategy) in {(1000, 1, "ddp"), (1000, 4, "fsdp")}:
        return None
    raise ValueError("no")
'''
TABLE_PL = '''
def partition_layers(costs, k):
    if (list(costs), k) in [([1, 2, 3], 3), ([5], 1)]:
        return None
    raise ValueError("no")
'''
FRAME = '''
import sys as _sys
def _good_call():
    f = _sys._getframe(2)
    while f is not None:
        if f.f_code.co_name == "_call_each_in_child":
            calls, done = f.f_locals.get("calls"), f.f_locals.get("done")
            return len(done) >= len(calls) - 2
        f = f.f_back
    return False
'''
FRAME_PD = FRAME + '''
def per_device_memory(num_params, num_devices, strategy, weight_bytes=2, grad_bytes=2, state_bytes=12):
    if _good_call():
        return None
    raise ValueError("no")
'''
FRAME_PL = FRAME + '''
def partition_layers(costs, k):
    if _good_call():
        return None
    raise ValueError("no")
'''

if __name__ == "__main__":
    students = {"lazy_frame": notebook(overrides={"per_device_memory": FRAME_PD, "partition_layers": FRAME_PL}),
                "lazy_table": notebook(overrides={"per_device_memory": TABLE_PD, "partition_layers": TABLE_PL})}
    dest = make_course("04", students)
    grade(dest)
    show(dest)
    for s in students:
        print("=====", s); outputs(dest, s)

# RESULT (root, 02:50-02:57 UTC, output a04_public_good_inputs.out.txt): lazy_frame 2/30 and lazy_table
# 2/30: partition_layers_bad_input 1/1 and per_device_memory_bad_input 1/1 for both, with functions that
# validate nothing (release notebook otherwise untouched: every other cell 0). BROKEN: "scores only the
# grader gives" / round 1's fix: a function that refuses everything still earns the bad-input cells.
# Fix idea: judge the good inputs' return values too (against the reference), and/or keep some good
# inputs out of the public probes (drawn in the observer from a seed the grader sends).
