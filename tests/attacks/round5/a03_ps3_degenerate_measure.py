# a03 (root, ps3_batch): points for largest_batch without measuring or searching anything.
# judge_largest_batch_fits_budget grades largest_batch against the student's OWN saved_activation_bytes (the
# global that largest_batch sees when its test cell hands it over), "so a mistake in saved_activation_bytes costs
# that exercise only". The hand-in redefines that global, in the largest_batch answer cell, as the batch size
# (x.shape[0]: linear, "batch 2 > batch 1"), so the largest batch that "fits" a budget is the budget itself:
# largest_batch returns budget_bytes (ValueError below 1). Everything else is the untouched release.
# RESULT (root, 05:19 UTC): BROKEN (points without the work). largest_batch_fits_budget 2.0/2 (its cell passed:
# hidden check and visible asserts), total 2/30; saved_activation_bytes_values 0/2 (untouched). A largest_batch that
# returns the budget in bytes as a batch size is wrong for every real measurement. First try without the reference
# to saved_activation_bytes inside largest_batch scored 0 ("which is not defined": cloudpickle hands over only the
# globals a function names).
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from monitor import ac, grade_watched

LARGEST = '''
def saved_activation_bytes(model, x):  # not a measurement: the batch size
    return int(x.shape[0])


def largest_batch(model, sample_shape, budget_bytes):
    saved_activation_bytes  # referenced, so that cloudpickle hands the redefined global over with this function
    if budget_bytes < 1:
        raise ValueError("not even batch 1 fits the budget")
    return int(budget_bytes)
'''
dest = ac.make_course("r5-a03", {"degenerate": ac.notebook(overrides={"largest_batch": LARGEST}, assignment="ps3_batch")},
                      assignment="ps3_batch")
grade_watched(dest)
ac.show(dest)
