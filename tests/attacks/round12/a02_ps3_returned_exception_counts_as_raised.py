"""Round 12, a02 (ROOT run): ps3's judges take an exception RETURNED by the student's function for one it RAISED.

autograders/ps3_batch.py `_value_error(outcome, ...)` returns `outcome["raised"]` or else `outcome["returned"]`,
and its callers test `isinstance(result, Raised)`. probes.wire encodes any BaseException instance as
{"__exception__": ...}, which decodes to `Raised` wherever it sits, also as a return value. So a per_rank_batch
that `return ValueError(...)` for an impossible split (the caller gets an exception object as its batch size and
trains on with it) passes per_rank_batch_impossible (2 points) and plan_accumulation's impossible plans; the
same goes for largest_batch's "not even batch 1 fits" case. The visible assert of the cell (which sees the
return) is silenced in the kernel (errors can only lower a score; the kernel decides which it shows).

Two students in one class (root, --workers 1):
  returns_exc: per_rank_batch returns ValueError(...) for impossible splits (never raises)
  returns_none: the control, returns None for impossible splits
Both have the same (correct) value branch and the same plan_accumulation (which reuses per_rank_batch and
RETURNS its exception when it gets one).
Usage: python a02_ps3_returned_exception_counts_as_raised.py
"""
import os, sys, subprocess
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from attack_course import notebook, ROOT, show, outputs
import nbformat, shutil

SILENCE = '''
def _quiet(shell, etype, evalue, tb, tb_offset=None):
    return None          # no error output: the visible asserts' failures are not shown
get_ipython().set_custom_exc((AssertionError,), _quiet)
get_ipython()._showtraceback = lambda *a, **k: None   # ipykernel sends no error message for it
'''

def student(bad):
    prb = f'''
def per_rank_batch(global_batch, world_size):
    if not (isinstance(global_batch, int) and isinstance(world_size, int)) or global_batch <= 0 or world_size <= 0 \\
            or world_size > global_batch or global_batch % world_size:
        return {bad}
    return global_batch // world_size
''' + SILENCE
    plan = '''
def plan_accumulation(global_batch, world_size, max_micro_batch):
    per_rank = per_rank_batch(global_batch, world_size)
    if not isinstance(per_rank, int):
        return per_rank
    if max_micro_batch < 1:
        return ValueError(f"max_micro_batch={max_micro_batch} < 1") if isinstance(per_rank_batch(1, 1), int) and %s else None
    for k in range(1, per_rank + 1):
        if per_rank %% k == 0 and per_rank // k <= max_micro_batch:
            return (per_rank // k, k)
''' % ("True" if "ValueError" in bad else "False")
    return notebook(overrides={"per_rank_batch": prb, "plan_accumulation": plan}, assignment="ps3_batch")

if __name__ == "__main__":
    dest = "/tmp/attack12-course-3"
    shutil.rmtree(dest, ignore_errors=True)
    subprocess.run([os.path.join(ROOT, ".venv/bin/python"), "-c",
                    f"from grader.course import copy_course; copy_course({dest!r})"], cwd=ROOT, check=True)
    for name, bad in (("returns_exc", 'ValueError(f"{global_batch} samples do not split over {world_size} ranks")'),
                      ("returns_none", "None")):
        d = os.path.join(dest, "submitted", name, "ps3_batch"); os.makedirs(d)
        nbformat.write(student(bad), os.path.join(d, "ps3_batch.ipynb"))
    env = {**os.environ, "DATABASE_URL": "postgresql://ta:secret@localhost/x"}
    p = subprocess.run([os.path.join(ROOT, ".venv/bin/python"), "-m", "grader.grade", "--course-dir", dest, "--workers", "1"],
                       cwd=ROOT, env=env, capture_output=True, text=True)
    print(p.stdout[-2500:], p.stderr[-1500:])
    show(dest)
    for s in ("returns_exc", "returns_none"):
        print("=====", s); outputs(dest, s, "ps3_batch")

# RESULT (root, 19:28 UTC, a02.out.txt, course /tmp/attack12-course-3): BROKEN (small).
#   returns_exc  3/30: plan_accumulation_values 2/2 -- its impossible plans (10 over 4 ranks; max_micro_batch 0)
#                RETURN ValueError(...) and never raise; the hidden check of per_rank_batch_impossible passed too
#                (no hidden-check error in the cell; only the cell's visible assert, which the kernel could not
#                silence this way, kept that cell at 0).
#   returns_none 1/30: plan_accumulation_values 0/2 ("plan_accumulation(64, 4, 0) returned None; the exercise asks
#                for a ValueError"), per_rank_batch_impossible's hidden check fails ("returned None ... must raise").
# The same _value_error decides largest_batch's "not even batch 1 fits" case. ps1, ps2 and ps4 read
# outcome["raised"] only and are not affected. Fix: _value_error must look at outcome["raised"] only (a Raised
# under "returned" is a returned value), or the wire must refuse exceptions as return values.
