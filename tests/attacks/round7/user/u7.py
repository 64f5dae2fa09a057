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

def ugrade(tag, students, assignment="ps1_memory", extra=(), files=None, round_name="7", home=None):
    """Grade `students` as uid 65534 in /tmp/attack<round>u-course-<tag> (round 8's scripts call this too)."""
    home = home or HOME
    dest = make_course(f"r{round_name}u-" + tag, {}, assignment=assignment)
    final = f"/tmp/attack{round_name}u-course-{tag}"
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
    os.makedirs(home, exist_ok=True); os.chown(home, 65534, 65534)
    p = grade(final, extra=extra, python=CLONE + "/.venv/bin/python", cwd=CLONE,
              prefix=("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "env", "HOME=" + home))
    show(final)
    return final, p

def honest(assignment="ps1_memory"):
    sys.path.insert(0, ROOT)
    from tools.submissions import fill, source_and_release
    s, r = source_and_release(assignment)
    return fill(r, s, {})
