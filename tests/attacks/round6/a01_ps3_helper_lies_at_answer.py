# a01 (root, ps3_batch): largest_batch's 2 points without searching for anything.
# judge_largest_batch_fits_budget checks the student's OWN saved_activation_bytes for realism only at batches 1
# and 2, and saved_activation_bytes_values checks it only at batches 2 and 5; whether the answer `got` fits is then
# decided by that same helper at batches `got` and `got + 1`, batch sizes the student's answer chooses. So the helper
# is honest everywhere the grader checks it and lies at exactly two batch sizes of the student's choosing:
# 3 "saves" 0 bytes and 4 "saves" 10**15, and largest_batch returns 3 for every budget (it measures batch
# 1 once to raise ValueError below it). Students now: "honest" (from source/, for comparison) and "liar" (honest helper).
# The first run (lie at 1000/1001) also had "liar_crude", a crude helper (every
# module's output bytes, counted by forward hooks, i.e. not the exercise) to see whether the realism gate lets a
# non-solution through.
# RESULT: see the RESULT line appended at the end after the run.
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "round5"))
from monitor import ac, grade_watched

HONEST = '''
def saved_activation_bytes(model, x):
    b = x.shape[0]
    if b == 3:
        return 0               # the answer's batch "fits" any budget
    if b == 4:
        return 10 ** 15        # and one more never does
    fixed = {t.untyped_storage().data_ptr() for t in list(model.parameters()) + list(model.buffers())}
    seen = {}
    def pack(t):
        p = t.untyped_storage().data_ptr()
        if p not in fixed:
            seen[p] = t.untyped_storage().nbytes()
        return t
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        model(x)
    return sum(seen.values())
'''

CRUDE = '''
def saved_activation_bytes(model, x):
    b = x.shape[0]
    if b == 1000:
        return 0
    if b == 1001:
        return 10 ** 15
    total = [x.numel() * x.element_size()]
    hooks = [m.register_forward_hook(lambda m, i, o: total.append(o.numel() * o.element_size()))
             for m in model.modules() if not list(m.children())]
    try:
        model(x)
    finally:
        for h in hooks:
            h.remove()
    return sum(total)
'''

LARGEST = '''
def largest_batch(model, sample_shape, budget_bytes):
    if budget_bytes < saved_activation_bytes(model, torch.zeros(1, *sample_shape)):
        raise ValueError("not even batch 1 fits the budget")
    return 3
'''
sys.path.insert(0, ac.ROOT)
from tools.submissions import fill, source_and_release
_s, _r = source_and_release("ps3_batch")
students = {
    "honest": fill(_r, _s, {}),
    "liar": ac.notebook(overrides={"saved_activation_bytes": HONEST, "largest_batch": LARGEST}, assignment="ps3_batch"),
}
dest = ac.make_course("r6-a01b", students, assignment="ps3_batch")
grade_watched(dest)
ac.show(dest)
# RESULT (root, the checkout's .venv/bin/python, --workers 1, 06:49-06:52 UTC): BROKEN (points without the work).
# Course /tmp/attack-course-r6-a01b: honest (built from source/ for comparison) 27/27; liar 4/30 with
# largest_batch_fits_budget 2.0/2 and its cell without error (hidden check and visible asserts), although
# largest_batch is `return 3` (ValueError below batch 1); saved_activation_bytes_values 2.0/2 (the honest helper,
# which lies only at batches 3 and 4). Output in a01.out.txt.
# First run (a01.first_run_1000.out.txt, lie at batches 1000/1001, with a second student "liar_crude" whose helper
# counts every leaf module's output): both largest_batch cells failed with "your code did not return within 120 s"
# on a loaded machine (cause not found in the time left: unsandboxed, the same probe with these functions takes
# 0.7 s and its budgets pass the judge); the crude helper's realism was therefore not tested.
# Fix direction: judge `used`/`above` with the student's helper only at batch sizes the grader chose (or check the
# helper's linearity/realism at got and got + 1 too, e.g. used == one + per_sample*(got-1)), never only at 1 and 2.
