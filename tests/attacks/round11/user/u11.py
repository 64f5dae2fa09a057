"""Round 11 (ordinary user) helper: reuse round 7's u7 (course under /tmp/attack11u-course-<tag>, owned by 65534,
graded as uid 65534 with setpriv, --workers 1, this clone's venv). Run as root: ATTACK_USER_CLONE=<user clone> <user clone>/.venv/bin/python aNN_*.py"""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "..", "round7", "user"))
os.environ.setdefault("ATTACK_USER_CLONE", "")
os.environ["ATTACK_ROOT"] = os.environ["ATTACK_USER_CLONE"]
from attack_course import *  # noqa
import u7  # noqa
u7.CLONE = os.environ["ATTACK_USER_CLONE"]
HOME = "/tmp/attack10-home"

def ugrade(tag, students, assignment="ps1_memory", extra=()):
    return u7.ugrade(tag, students, assignment, extra, round_name="11", home=HOME)
