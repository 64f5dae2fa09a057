"""a01: baseline: three honest students, timing and scores."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
d = make_course("a01", A, {"mallory": {}})
grade(d, A)
scores(d, A)
canary_scan(d)
