# a04 (root, ps4_large_model): a constant strategies_that_fit earns its cell, the same way as a03.
# judge_strategies_that_fit accepts an answer "consistent with the notebook's own per_rank_bytes" as long as those
# bytes put some strategy over a budget and some under. The hand-in redefines per_rank_bytes (in the
# strategies_that_fit answer cell) as 0 for pipeline/fsdp and 1e18 for single/ddp, whatever the model, and
# strategies_that_fit returns the constant ["pipeline", "fsdp"] (which the visible test also wants).
# RESULT (root, 05:22 UTC): BROKEN (points without the work). strategies_that_fit_budget 1.0/1, total 1/23 (a04.out.txt);
# per_rank_bytes_by_strategy 0/2 (its own cell, the redefinition is not the graded one there).
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from monitor import ac, grade_watched

FIT = '''
def per_rank_bytes(strategy, num_params, activation_bytes, world_size, largest_layer_params=0, bytes_per_param=16):
    return 0.0 if strategy in ("pipeline", "fsdp") else 1e18  # not a count of anything


def strategies_that_fit(num_params, activation_bytes, world_size, budget, largest_layer_params=0, bytes_per_param=16):
    per_rank_bytes  # referenced: handed over with this function
    return ["pipeline", "fsdp"]
'''
A = "ps4_large_model"
dest = ac.make_course("r5-a04", {"constant": ac.notebook(overrides={"strategies_that_fit": FIT}, assignment=A)}, assignment=A)
grade_watched(dest)
ac.show(dest)
