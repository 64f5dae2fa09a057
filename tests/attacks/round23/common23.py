"""Shared by round 23 ROOT scripts (via round 21s helpers): round 20's helpers (round 15's course folder, hand-in, grading command and
scores; round 18 a03's CPU sampler: CPU seconds of the grading command's processes, "grader" = uid 0, outside the
sandbox's cgroup and CPU share, "sandbox" = the submission's host uid)."""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "round20")); sys.path.insert(0, os.path.join(os.path.dirname(HERE), "round21"))
from common20 import *  # noqa
from common20 import _descends, GRADER, ROOT, PY, r18_runner  # noqa
