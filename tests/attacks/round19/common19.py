"""Shared by round 19's ROOT scripts: round 15's helpers (course folder, hand-in, grading command, scores)."""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "round18"))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "round15"))
from common15 import *  # noqa
from common15 import _descends, GRADER, ROOT, PY  # noqa
