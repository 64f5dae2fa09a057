"""Shared by round 20's ROOT scripts: round 15's helpers (course folder, hand-in, grading command, scores) and
round 18 a03's per-side CPU sampler (CPU seconds of the grading command's processes as root = grader side, vs as
the sandbox's host uid = sandbox side)."""
import os, sys, types
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "round18"))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "round15"))
from common15 import *  # noqa
from common15 import _descends, GRADER, ROOT, PY  # noqa


def r18_runner(prefix, assignment="ps1_memory"):
    """Round 18 a03's CPU sampler and run(tag, students, workers), with this round's /tmp folder and assignment."""
    mod = types.ModuleType("r18")
    mod.__dict__.update(globals())
    src = open(os.path.join(os.path.dirname(HERE), "round18", "a03_message_flood_grader_cpu.py")).read()
    src = (src.replace("/tmp/attack18-a03-", prefix).replace("from common18 import", "from common20 import")
           .replace('A = "ps1_memory"', f"A = {assignment!r}").split("\ndef main():")[0])
    exec(src, mod.__dict__)
    return mod
