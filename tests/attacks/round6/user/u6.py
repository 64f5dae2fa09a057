"""Round 6 (ordinary user) helper: build notebooks from release/ via ../attack_course (from the checkout, read-only),
make a course owned by 65534 under /tmp/attack6u-course-<tag>, grade it with $ATTACK_USER_CLONE (../../round4/setup_user.sh)'s venv as uid 65534.
Run as root: the checkout's .venv/bin/python aNN_*.py"""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
from attack_course import *  # noqa
import attack_course as ac
CLONE = os.environ.get("ATTACK_USER_CLONE", "")
HOME = os.path.join(os.environ.get("TMPDIR", "/tmp"), "attack-user-home")

def ugrade(tag, students, assignment="ps1_memory", extra=()):
    dest = make_course("x", {}, assignment=assignment)  # build then move
    import shutil
    final = f"/tmp/attack6u-course-{tag}"
    shutil.rmtree(final, ignore_errors=True)
    shutil.move(dest, final)
    for student, nb in students.items():
        d = os.path.join(final, "submitted", student, assignment)
        os.makedirs(d)
        if callable(nb):
            nb(d)
        else:
            nbformat.write(nb, os.path.join(d, NB if assignment == "ps1_memory" else f"{assignment}.ipynb"))
    subprocess.run(["chown", "-R", "65534:65534", final], check=True)
    os.makedirs(HOME, exist_ok=True); os.chown(HOME, 65534, 65534)
    p = grade(final, extra=extra, python=CLONE + "/.venv/bin/python", cwd=CLONE,
              prefix=("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "env", "HOME=" + HOME))
    show(final)
    return final, p
