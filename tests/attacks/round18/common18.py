"""Shared by round 18's ROOT scripts: round 15's helpers (build a course folder, hand in notebooks, grade it through
the grading command, print scores). The clone is <clone>."""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "round15"))
from common15 import *  # noqa
from common15 import _descends, GRADER, ROOT, PY  # noqa
