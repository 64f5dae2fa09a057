# a06 (root, no grader: a plain process standing in for the observer's fork): are the drawn cases' labels
# (drawn_per_device's local `plan`, freed after it returns) still readable in the freed heap of a fork?
# Scans every rw mapping for >= 7 consecutive pointers to the interned "none"/"strategy"/"devices"/"params".
# RESULT (root, 05:23 UTC): HELD. The only hit of the first version was the script's own live replay of the plan; with
# that deleted, nothing: the freed 8-item array is reused (or its pointers overwritten) before any scan.
import ctypes, random, sys, os
import os; sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))))
from probes import ps1_memory as P
STR = {id(sys.intern(s)): s for s in ("none", "strategy", "devices", "params")}
def scan():
    found = []
    for line in open("/proc/self/maps"):
        parts = line.split()
        addr, perms = parts[0], parts[1]
        if "rw" not in perms or (len(parts) > 5 and parts[5].startswith("[v")):
            continue
        lo, hi = (int(x, 16) for x in addr.split("-"))
        if hi - lo > 1 << 30:
            continue
        try:
            buf = (ctypes.c_char * (hi - lo)).from_address(lo)
            data = bytes(buf)
        except Exception:
            continue
        import array
        a = array.array("Q", data[: len(data) // 8 * 8])
        keys = set(STR)
        i = 0
        n = len(a)
        # runs of >=7 consecutive words all pointing at the plan's strings
        run = 0
        for j in range(n):
            if a[j] in keys:
                run += 1
                if run == 7:
                    found.append((lo + (j - 6) * 8, [STR.get(a[k], hex(a[k])) for k in range(j - 7, j + 1)]))
            else:
                run = 0
    return found
rng = random.Random(int.from_bytes(os.urandom(8), "big"))
state = rng.getstate()
drawn = P.drawn_per_device(rng)
# the true plan, replayed from the same state
r2 = random.Random(); r2.setstate(state)
plan = ["none"] * 3 + ["strategy", "devices", "params"] + [r2.choice(["none", "strategy", "devices", "params"]) for _ in range(2)]
r2.shuffle(plan)
truth = " ".join(plan); del plan
print("true plan", truth)
calls = [((1,2,3),{})]*16
for addr, words in scan():
    print(hex(addr), words)
