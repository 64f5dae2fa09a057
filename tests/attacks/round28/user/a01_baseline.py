"""Baseline: two honest controls only, timing."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
root = build("base", {})
grade(root)
scores(root)
for s in ("aaron", "zoe"): print(s, cell_scores(root, s))
