"""A01: baseline: three honest students (aaron, mallory=honest, zoe), timing."""
import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *
root = build("a01", {"mallory": {}})
grade(root)
scores(root)
for s in ("aaron", "mallory", "zoe"): print(s, cell_scores(root, s))
