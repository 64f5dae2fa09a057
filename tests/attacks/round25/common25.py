"""Shared by round 25 ROOT scripts: round 24's helpers (round 15's course folder, hand-in, grading command, scores)."""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "round24"))
from common24 import *  # noqa
from common24 import _descends, GRADER, ROOT, PY  # noqa
