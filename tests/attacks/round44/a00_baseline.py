"""a00: two honest controls alone, for the times the other runs compare with."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
d = course("a00")
for s in ("aaron", "zoe"):
    hand_in(d, s, "ps1_memory", nb_for("ps1_memory"))
grade(d, "ps1_memory")
scores(d, "ps1_memory")
