"""a02: re-attack of round 17's fix of ps5 exercise 5 (the choice is now judged on costs tables the observer draws
per grading: the name `layout_costs` in choose_layout's globals answers each case with a drawn table; a call that
raises there is retried on the student's own costs and judged on the reference). Each hostile hand-in solves nothing
of exercise 5: layout_costs is round 17's one made-up number for every layout, choose_layout never compares costs.
  m_const : round 17's attack as it was (DP if the made-up table fits, else None)
  m_own   : the made-up table carries a key of its own; choose_layout raises KeyError on any table without it (the
            observer's drawn table), so the probe falls back to the student's own costs for every case
  m_scope : choose_layout is built with a globals dict of its own (types.FunctionType), so replacing the notebook's
            layout_costs does not reach it; it answers from the made-up table
  m_table : choose_layout reads the table it is given and returns the first layout whose memory fits, without
            comparing times (half the rule), to see how much a partial rule earns
Honest control: source/'s ps5 solution. Measured: choose_layout_choice and choose_layout_costs per student."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from u18 import *

A = "ps5_scale"
MADE_UP = '''
import math, types
BYTES = {"fp32 Adam": (4, 4, 8), "mixed-precision Adam": (2, 2, 12)}
LAYOUTS = ("DP", "ZeRO-1", "ZeRO-2", "ZeRO-3", "TP", "PP")


def layout_costs(model, cluster, precision="mixed-precision Adam"):
    """round 17's made-up table: one guess for every layout"""
    mem = 2.0 * model["params"]
    sec = 6.0 * (model["params"] + model["batch"] * model["seq"] * model["hidden"] * model["layers"]) / cluster["in_node"]
    return {name: {"memory": mem, "sent": 1.0, "seconds": sec, "mine": True} for name in LAYOUTS}
'''
CHOOSERS = {
    "m_const": '''
def choose_layout(model, cluster, precision="mixed-precision Adam"):
    t = layout_costs(model, cluster, precision)
    return "DP" if t["DP"]["memory"] <= cluster["memory"] else None
''',
    "m_own": '''
def choose_layout(model, cluster, precision="mixed-precision Adam"):
    t = layout_costs(model, cluster, precision)
    t["DP"]["mine"]  # KeyError on a table that is not ours
    return "DP" if t["DP"]["memory"] <= cluster["memory"] else None
''',
    "m_scope": '''
_own_scope = {"layout_costs": layout_costs}
def _choose(model, cluster, precision="mixed-precision Adam"):
    t = layout_costs(model, cluster, precision)
    return "DP" if t["DP"]["memory"] <= cluster["memory"] else None
choose_layout = types.FunctionType(_choose.__code__, _own_scope, "choose_layout", _choose.__defaults__)
''',
    "m_table": '''
def choose_layout(model, cluster, precision="mixed-precision Adam"):
    t = layout_costs(model, cluster, precision)
    for name in LAYOUTS:
        if t[name]["memory"] <= cluster["memory"]:
            return name
    return None
''',
}


def hostile(who):
    return notebook(A, overrides={"choose_layout": MADE_UP + CHOOSERS[who]})


if __name__ == "__main__":
    st = {("aa_honest", A): honest(A)}
    for who in CHOOSERS:
        st[(who, A)] = hostile(who)
    dest = course("a02", st)
    p = grade(dest, env=CANARY_ENV)
    report(dest)
    sc = scores(dest)
    for (s, a), (tot, mx, cells) in sorted(sc.items()):
        print(f"SUMMARY {s}: total {tot}/{mx}; choose_layout_choice {cells.get('choose_layout_choice')}, "
              f"choose_layout_costs {cells.get('choose_layout_costs')}")
    cell_outputs(dest, "m_own", A, {"choose_layout_choice"})
    cell_outputs(dest, "m_table", A, {"choose_layout_choice"})
    out = p.stdout + p.stderr
    print("canary in grader output:", "secret@localhost" in out or "AKIASECRETCANARY123" in out)
    cleanup(dest)
