"""Baseline: three honest students, timings and full marks."""
from common import *
d = course("a00")
for s in ("aaron", "bob", "zoe"):
    hand_in(d, s, honest())
r = grade(d)
print(r.stdout[-3000:]); print(r.stderr[-3000:])
print(scores(d))
print("canaries:", grep_canaries(d))
