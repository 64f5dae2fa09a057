# a03 (root, ps3_batch): largest_batch's 2 points with NO measurement at all, past round 5's realism gate.
# Round 5's fix grades largest_batch with the notebook's own saved_activation_bytes only while each sample's bytes
# (batch 2 minus batch 1) are within REALISTIC_FACTOR = 8 of the reference's. The budget models are tiny and alike
# (per sample: 576, 432 and 720 bytes), so one constant passes for all of them: 120 bytes per sample, read off the
# visible test (4 * (10 + 20) bytes per sample for its MLP; 120 * 8 = 960 even passes the visible values assert).
# saved_activation_bytes = 120 * batch (no model run), largest_batch = budget // 120 (ValueError below 120).
# RESULT: see the end of this file.
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "round5"))
from monitor import ac, grade_watched

SAVED = '''
def saved_activation_bytes(model, x):
    return 120 * int(x.shape[0])   # "4 bytes x (10 + 20) per sample", from the visible test; no model is run
'''
LARGEST = '''
def largest_batch(model, sample_shape, budget_bytes):
    saved_activation_bytes  # named, so that cloudpickle hands the global over with this function
    if budget_bytes < 120:
        raise ValueError("not even batch 1 fits the budget")
    return int(budget_bytes // 120)
'''
students = {"made_up": ac.notebook(overrides={"saved_activation_bytes": SAVED, "largest_batch": LARGEST},
                                   assignment="ps3_batch")}
dest = ac.make_course("r6-a03", students, assignment="ps3_batch")
grade_watched(dest)
ac.show(dest)
# RESULT (root, 06:55-06:57 UTC, course /tmp/attack-course-r6-a03, a03.out.txt): BROKEN (round 5's fix bypassed:
# points without any measurement). made_up 2/30: largest_batch_fits_budget 2.0/2 (hidden check and visible asserts
# pass), saved_activation_bytes_values 0/2 (the hidden values are exact). Checked offline with the judge's
# reference: per-sample bytes 576, 432, 720 for the three budget models; realistic(120, each) is True.
# Fix direction: the factor 8 is too wide for models this alike; draw budget models whose per-sample bytes differ
# by far more than 8x (so no one constant is realistic for all), and/or require the helper to be exact on them
# (a helper wrong by a constant factor is then graded against the reference), and judge at grader-chosen batches
# (see a01).
