"""a01 reconnaissance (not an attack; run from <clone>): over 300 simulated gradings (the published cases and 24
drawn ones each), how often the judge of choose_layout accepts a01's constant choice, using the judge's own
_costs/_pick/_within locally. Nothing of autograders/ goes into the hostile notebook."""
import sys, random, math
import os; sys.path.insert(0, os.environ.get("CLONE", os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", ".."))))
from probes import ps5_scale as P
from autograders import ps5_scale as J
def mine(model, cluster, precision="mixed-precision Adam"):
    psi = model["params"]
    return {n: {"memory": 16 * psi / cluster["devices"], "sent": psi, "seconds": psi / cluster["between_nodes"]} for n in P.LAYOUTS}
def choose(model, cluster, precision="mixed-precision Adam"):
    return "DP" if 16 * model["params"] / cluster["devices"] <= cluster["memory"] else None
bad = 0; tot = 0; ok=0
for trial in range(300):
    cases = P.layout_cases() + P.drawn_layout_cases(random.Random(trial))
    for m, c, p in cases:
        tot += 1
        right = J._costs(m, c, p); r = J._pick(right, c["memory"])
        g = choose(m, c, p)
        if g == r: ok+=1; continue
        t = mine(m, c, p)
        if all(J._within(t[n][q], right[n][q], 1000) for n in P.LAYOUTS for q in ("memory","seconds")) and g == J._pick(t, c["memory"]):
            ok+=1; continue
        bad += 1
        if bad < 6: print("fail", m["name"], c["name"], p, r, g, [(n,q,t[n][q]/right[n][q]) for n in P.LAYOUTS for q in ("memory","seconds") if not J._within(t[n][q], right[n][q], 1000)])
print(tot, ok, bad)
