"""Baseline: three honest students, ps1_memory, timing and the processes' memory."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
d, r, sc = run_class("a00", "ps1_memory", {"mallory": {}})
leaks(d)
