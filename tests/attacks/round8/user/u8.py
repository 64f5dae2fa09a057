"""Round 8 (ordinary user) helper: build notebooks from release/ (tests/attacks/attack_course.py), make a course
owned by 65534 under /tmp/attack8u-course-<tag>, grade it as uid 65534 (setpriv) with $ATTACK_USER_CLONE/.venv,
--workers 1.  Run as root: $ATTACK_USER_CLONE/.venv/bin/python aNN_*.py"""
import os, sys, shutil, subprocess
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from attack_course import *  # noqa
CLONE = os.environ.get("ATTACK_USER_CLONE", "")  # ../../round4/setup_user.sh
HOME = "/tmp/attack8-home"

def fname(assignment):
    return f"{assignment}.ipynb"

def ugrade(tag, students, assignment="ps1_memory", extra=()):
    dest = make_course("r8u-" + tag, {}, assignment=assignment)
    final = f"/tmp/attack8u-course-{tag}"
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
