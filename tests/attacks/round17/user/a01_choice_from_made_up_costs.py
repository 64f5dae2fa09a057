"""a01: ps5 exercise 5 (choose_layout, 2 points) answered without choosing anything.

choose_layout returns "DP" whenever 16 bytes a parameter, divided over the devices, fit in one device, else None. Nothing is compared,
nothing is sharded, no layout other than DP is ever named. layout_costs is one line that makes up numbers with the
same value for every layout (memory 16 Psi / N, seconds Psi / between_nodes). These numbers are wrong, so
layout_costs scores 0, but they land within a factor of 1000 of the true ones, and the choice judge then judges
the choice "against the student's own costs", where a tie of equal seconds goes to DP, the constant answer.
An honest ps5 (the solution, control only) is graded beside it."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from u17 import *

HOSTILE = '''
import math

BYTES = {"fp32 Adam": (4, 4, 8), "mixed-precision Adam": (2, 2, 12)}   # w, g, K: bytes per parameter
LAYOUTS = ("DP", "ZeRO-1", "ZeRO-2", "ZeRO-3", "TP", "PP")             # a tie goes to the earlier one


def layout_costs(model, cluster, precision="mixed-precision Adam"):
    # made-up numbers, the same for every layout: no formula of the lecture's table
    psi = model["params"]
    return {n: {"memory": 16 * psi / cluster["devices"], "sent": psi, "seconds": psi / cluster["between_nodes"]} for n in LAYOUTS}


def choose_layout(model, cluster, precision="mixed-precision Adam"):
    # no choice at all: DP when 16 bytes a parameter fit, else None
    return "DP" if 16 * model["params"] / cluster["devices"] <= cluster["memory"] else None
'''

if __name__ == "__main__":
    a = "ps5_scale"
    dest = course("a01", {("aa_honest", a): honest(a),
                          ("mallory", a): notebook(a, overrides={"choose_layout": HOSTILE})})
    grade(dest, env=CANARY_ENV)
    report(dest)
    s = scores(dest)
    cell_outputs(dest, "mallory", a, {"choose_layout_costs", "choose_layout_choice"})
    for k, v in s.items():
        print(k, "choose_layout_costs", v[2].get("choose_layout_costs"), "choose_layout_choice", v[2].get("choose_layout_choice"))
    cleanup(dest)
