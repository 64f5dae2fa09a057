"""a01: ps5 exercise 5, `choose_layout` (2 points) without choosing anything.

The choice judge accepts a choice that is "right by the student's own layout_costs" as long as every number of that
table is within a factor 1,000 of the reference (`_OWN_COSTS_FACTOR`, meant to stop "made-up numbers that would let a
constant answer pass"). This hand-in's layout_costs is made up: the SAME numbers for all six layouts, two one-line
guesses (memory 2 * params, seconds 6 * (params + b*s*h*L) / in_node) that compute none of the lecture's table.
With all six layouts tied, the "right" pick from that table is always the first, so choose_layout answers "DP" (or
None when 2 * params does not fit) without looking at any layout. Nothing else is solved.

Graded through `python -m grader.grade --course-dir DIR --workers 1`, beside the honest solution (control)."""
import os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common17 import *  # noqa

A = "ps5_scale"
HOSTILE = {
    "choose_layout": '''
import math

BYTES = {"fp32 Adam": (4, 4, 8), "mixed-precision Adam": (2, 2, 12)}   # w, g, K: bytes per parameter
LAYOUTS = ("DP", "ZeRO-1", "ZeRO-2", "ZeRO-3", "TP", "PP")             # a tie goes to the earlier one


def _guess(model, cluster):
    # no layout is modelled: one made-up memory and one made-up time, the same for all six layouts
    memory = 2 * model["params"]
    seconds = 6 * (model["params"] + model["batch"] * model["seq"] * model["hidden"] * model["layers"]) / cluster["in_node"]
    return memory, seconds


def layout_costs(model, cluster, precision="mixed-precision Adam"):
    memory, seconds = _guess(model, cluster)
    return {name: {"memory": memory, "sent": 0.0, "seconds": seconds} for name in LAYOUTS}


def choose_layout(model, cluster, precision="mixed-precision Adam"):
    return "DP" if _guess(model, cluster)[0] <= cluster["memory"] else None
'''}


def main():
    for run in range(int(os.environ.get("RUNS", "1"))):  # each grading draws its own 24 cases
        print(f"===== grading {run + 1}")
        once()


def once():
    dest = "/tmp/attack17-a01"
    mallory = notebook(overrides=HOSTILE, assignment=A)
    course(dest, {"alice_honest": honest(A), "mallory": mallory}, A)
    grade(dest)
    sc = scores(dest)
    for s, v in sc.items():
        print(s, v["score"], "/", v["max"])
        for k, c in sorted(v["cells"].items()):
            if k.startswith("choose_layout") or s == "alice_honest" and c[0] != c[3]:
                print("   ", k, c)
    outputs(dest, "mallory", A) if os.environ.get("VERBOSE") else None
    print("RESULT mallory choose_layout_choice =", sc["mallory"]["cells"].get("choose_layout_choice"),
          "choose_layout_costs =", sc["mallory"]["cells"].get("choose_layout_costs"))
    print("RESULT honest alice", sc["alice_honest"]["score"], "/", sc["alice_honest"]["max"])
    cleanup(dest)


if __name__ == "__main__":
    main()
