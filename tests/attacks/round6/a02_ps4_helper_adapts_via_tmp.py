# a02 (root, ps4_large_model): strategies_that_fit's point with a constant answer, through state the observer's
# children share. The hidden check calls strategies_that_fit on every FIT_CASE (each call in a child of the observer),
# and only afterwards the notebook's own per_rank_bytes on the same cases (another child); a verdict "consistent with
# the notebook's own per_rank_bytes" counts as right when those bytes are within REALISTIC_FACTOR (8) of the reference
# and discriminate. The children share the observer sandbox's /tmp, so strategies_that_fit (returning the constant
# ["pipeline", "fsdp"]) (["pipeline", "fsdp"] below a budget of 1e9, all four above) writes each case's budget there, and per_rank_bytes (the notebook's own table, typed in: it is
# exact everywhere else, so per_rank_bytes_by_strategy keeps its points) bends each value across that budget, within
# the factor 8, so that the constant answer is "consistent" with it.
# RESULT: see the end of this file.
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "round5"))
from monitor import ac, grade_watched

PER_RANK = '''
STRATEGIES = ("single", "ddp", "pipeline", "fsdp")

def per_rank_bytes(strategy, num_params, activation_bytes, world_size, largest_layer_params=0, bytes_per_param=16):
    P, A, n, L, b = num_params, activation_bytes, world_size, largest_layer_params, bytes_per_param
    ref = {"single": b * P + A, "ddp": b * P + 4 * P + A / n, "pipeline": b * P / n + A / n,
           "fsdp": b * P / n + A / n + 8 * L}[strategy]
    import json, os
    key = repr((P, A, n, L, b))
    try:
        with open("/tmp/.budgets") as f:
            budgets = json.load(f)
    except Exception:
        budgets = {}
    if key in budgets:
        budget = budgets[key]
        if strategy in ("pipeline", "fsdp") and ref > budget and budget >= ref / 7.9:
            return budget
        if strategy not in ("pipeline", "fsdp") and ref <= budget and budget + 1 <= ref * 7.9:
            return budget + 1
    return ref
'''
FIT = '''
def strategies_that_fit(num_params, activation_bytes, world_size, budget, largest_layer_params=0, bytes_per_param=16):
    import json, os
    try:
        with open("/tmp/.budgets") as f:
            budgets = json.load(f)
    except Exception:
        budgets = {}
    budgets[repr((num_params, activation_bytes, world_size, largest_layer_params, bytes_per_param))] = budget
    try:
        with open("/tmp/.budgets", "w") as f:
            json.dump(budgets, f)
    except Exception:
        pass
    return ["pipeline", "fsdp"] if budget < 10**9 else ["single", "ddp", "pipeline", "fsdp"]
'''
students = {"constant": ac.notebook(overrides={"per_rank_bytes": PER_RANK, "strategies_that_fit": FIT},
                                    assignment="ps4_large_model")}
dest = ac.make_course("r6-a02", students, assignment="ps4_large_model")
grade_watched(dest)
ac.show(dest)
# RESULT (root, 06:53-06:55 UTC, course /tmp/attack-course-r6-a02): HELD (nothing gained). strategies_that_fit_budget
# 0/1: "strategies_that_fit(num_params=1000000, ..., budget=16000000, ...) = ['pipeline', 'fsdp']: a strategy that needs
# exactly the budget fits too", so the bent per_rank_bytes was not taken as the notebook's own there: either the
# budgets written to /tmp by strategies_that_fit's children did not reach per_rank_bytes's child (no /tmp shared
# between the observer's children, or the write failed silently: the code swallows errors), or the keys differed
# after the hand-over. Not pursued further for lack of time. per_rank_bytes_by_strategy 0/2 only because this
# per_rank_bytes raises KeyError, not ValueError, for an unknown strategy (an attacker's slip, unrelated).
