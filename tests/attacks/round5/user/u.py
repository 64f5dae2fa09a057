"""Round 5 (ordinary user) helper: build notebooks from release/ (attack_course), make a course owned by 65534,
grade it with the ordinary user's clone ($ATTACK_USER_CLONE, made by ../../round4/setup_user.sh) as uid 65534
(setpriv), print scores. Run as root with this checkout's .venv/bin/python <attack>.py"""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))
from attack_course import *  # noqa
import attack_course as ac

CLONE = os.environ.get("ATTACK_USER_CLONE", "")
HOME = os.path.join(os.environ.get("TMPDIR", "/tmp"), "attack-user-home")


def ugrade(tag, students, assignment="ps1_memory", extra=()):
    dest = make_course("r5u-" + tag, students, assignment=assignment, owner=65534)
    os.makedirs(HOME, exist_ok=True); os.chown(HOME, 65534, 65534)
    p = grade(dest, extra=extra, python=CLONE + "/.venv/bin/python", cwd=CLONE,
              prefix=("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "env", "HOME=" + HOME))
    show(dest)
    return dest, p
