"""Round 9 (ordinary user) helper: reuse round 7/8's helper (builds notebooks from release/, course under
/tmp/attack9u-course-<tag> owned by 65534, grades as uid 65534 with setpriv, --workers 1, this clone's venv).
Run as root: $ATTACK_USER_CLONE/.venv/bin/python aNN_*.py (../../round4/setup_user.sh)"""
import os, sys
os.environ.setdefault("ATTACK_USER_CLONE", "")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(HERE, "..", "..", "round7", "user"))
from attack_course import *  # noqa
import u7  # noqa
u7.CLONE = os.environ["ATTACK_USER_CLONE"]
HOME = "/tmp/attack9-home"

def ugrade(tag, students, assignment="ps1_memory", extra=()):
    return u7.ugrade(tag, students, assignment, extra, round_name="9", home=HOME)

def honest(assignment="ps1_memory"):
    sys.path.insert(0, ROOT)
    from tools.submissions import fill, source_and_release
    s, r = source_and_release(assignment)
    return fill(r, s, {})
