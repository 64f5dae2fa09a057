"""Shared by round 24 ROOT scripts: round 23's helpers (round 15's course folder, hand-in, grading command, scores)."""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "round23"))
from common23 import *  # noqa
from common23 import _descends, GRADER, ROOT, PY  # noqa
