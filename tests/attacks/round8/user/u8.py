"""Round 8 (ordinary user) helper: build notebooks from release/ (tests/attacks/attack_course.py), make a course
owned by 65534 under /tmp/attack8u-course-<tag>, grade it as uid 65534 (setpriv) with $ATTACK_USER_CLONE/.venv,
--workers 1.  Run as root: $ATTACK_USER_CLONE/.venv/bin/python aNN_*.py"""
import os, sys, shutil, subprocess
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from attack_course import *  # noqa
CLONE = os.environ.get("ATTACK_USER_CLONE", "")  # ../../round4/setup_user.sh
HOME = "/tmp/attack8-home"

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "round7", "user"))
import u7  # noqa: E402  - round 7's grading as uid 65534, one copy of it


def fname(assignment):
    return f"{assignment}.ipynb"


def ugrade(tag, students, assignment="ps1_memory", extra=()):
    return u7.ugrade(tag, students, assignment, extra, round_name="8", home=HOME)

def honest(assignment="ps1_memory"):
    sys.path.insert(0, ROOT)
    from tools.submissions import fill, source_and_release
    s, r = source_and_release(assignment)
    return fill(r, s, {})
