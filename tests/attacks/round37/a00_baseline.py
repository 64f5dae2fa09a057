"""Baseline: three honest controls, timings and scores."""
from lib import *
d = course("a00")
for s in ("aaron", "mallory", "zoe"): put(d, s, honest())
grade(d); scores(d); grep_canaries(d)
print(open(f"{d}/grading_report.json").read()[:2000])
print(os.listdir(d))
