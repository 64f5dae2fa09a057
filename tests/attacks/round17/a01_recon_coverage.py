"""a01 recon (reads the judge's reference, autograders.ps5_scale._costs, only to measure how loose the factor is; nothing
of it goes into the hand-in): over the published cases and 300 gradings' worth of drawn cases (7,214 cases), how often
a01's two one-line guesses, the same for all six layouts, fall outside the factor 1,000 the choice judge allows."""
import math, os, random, sys
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, ROOT)
import autograders.ps5_scale as A
import probes.ps5_scale as P

cases = P.layout_cases()
for s in range(300):
    cases += P.drawn_layout_cases(random.Random(s))


def misses(seconds, memory):
    bad = 0
    for m, c, p in cases:
        r = A._costs(m, c, p)
        x, y = seconds(m, c), memory(m, c)
        bad += not all(r[n]["seconds"] / 1000 <= x <= r[n]["seconds"] * 1000 and r[n]["memory"] / 1000 <= y <= r[n]["memory"] * 1000
                       for n in P.LAYOUTS)
    return bad


print(len(cases), "cases")
print("a01's guesses (memory 2 params, seconds 6 (params + b s h L) / in_node): cases outside the factor:",
      misses(lambda m, c: 6 * (m["params"] + m["batch"] * m["seq"] * m["hidden"] * m["layers"]) / c["in_node"],
             lambda m, c: 2 * m["params"]))
print("cruder (seconds 8 params / sqrt(in_node between_nodes)):",
      misses(lambda m, c: 8 * m["params"] / math.sqrt(c["in_node"] * c["between_nodes"]), lambda m, c: 2 * m["params"]))
