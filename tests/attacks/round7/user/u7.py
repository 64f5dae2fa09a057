"""Round 7 (ordinary user) helper: build notebooks from release/ via tests/attacks/attack_course.py of this checkout
(read-only), make a course owned by 65534 under /tmp/attack7u-course-<tag>, grade it with $ATTACK_USER_CLONE
(../../round4/setup_user.sh)'s venv as uid 65534 (setpriv), --workers 1.  Run as root with this checkout's .venv/bin/python aNN_*.py"""
import os, sys, shutil, subprocess
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from attack_course import *  # noqa
import attack_course as ac
CLONE = os.environ.get("ATTACK_USER_CLONE", "")
HOME = "/tmp/attack7-home"

def fname(assignment):
    return NB if assignment == "ps1_memory" else f"{assignment}.ipynb"

def ugrade(tag, students, assignment="ps1_memory", extra=(), files=None):
    dest = make_course("r7u-" + tag, {}, assignment=assignment)
    final = f"/tmp/attack7u-course-{tag}"
    shutil.rmtree(final, ignore_errors=True)
    shutil.move(dest, final)
    for student, nb in students.items():
        d = os.path.join(final, "submitted", student, assignment)
        os.makedirs(d)
        if callable(nb):
            nb(d)
        else:
            nbformat.write(nb, os.path.join(d, fname(assignment)))
    subprocess.run(["chown", "-R", "65534:65534", final], check=True)
    os.makedirs(HOME, exist_ok=True); os.chown(HOME, 65534, 65534)
    p = grade(final, extra=extra, python=CLONE + "/.venv/bin/python", cwd=CLONE,
              prefix=("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "env", "HOME=" + HOME))
    show(final)
    return final, p

def honest(assignment="ps1_memory"):
    sys.path.insert(0, ROOT)
    from tools.submissions import fill, source_and_release
    s, r = source_and_release(assignment)
    return fill(r, s, {})
