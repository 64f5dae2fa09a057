"""Baseline: three honest students, --workers 2, timings per student."""
from common import *
c = make_course("a00")
for s in ("aaron", "mallory", "zoe"):
    hand_in(c, s, honest())
p, dt = grade(c, workers=2)
scores(c); leak_scan(c)
