"""Grading, `make check` and `make test` run this checkout's code in every process.

A virtual environment's editable install maps helpers/, probes/, autograders/ and grader/ to the clone it was
installed from. Here a second, sabotaged copy of the packages comes first on the path of every new
process (PYTHONPATH, as a venv of another clone would put it): the grader and the test runner still
run this checkout's code in every kernel, observer and rank; where that cannot be made so, they refuse
and name the copy they found.
"""

import os
import shutil
import subprocess
import sys

import pytest

from grader.course import CHECKOUT_PACKAGES, ROOT, foreign_packages, require_this_checkout, use_this_checkout

pytestmark = pytest.mark.slow

SABOTAGE = 'raise ImportError("the other copy of the course was imported")\n'


@pytest.fixture
def other_copy(tmp_path):
    """Another clone's packages, every module of which fails at import."""
    other = tmp_path / "other-clone"
    for name in CHECKOUT_PACKAGES:
        shutil.copytree(os.path.join(ROOT, name), other / name, ignore=shutil.ignore_patterns("__pycache__"))
        for dirpath, _, files in os.walk(other / name):
            for file in files:
                if file.endswith(".py"):
                    with open(os.path.join(dirpath, file), "w") as fh:
                        fh.write(SABOTAGE)
    return other


def test_this_checkouts_packages_are_what_a_new_process_imports():
    assert foreign_packages() == {}


def test_another_copy_first_on_the_path_is_found_and_named(other_copy, monkeypatch):
    monkeypatch.setenv("PYTHONPATH", str(other_copy))
    found = foreign_packages()
    assert set(found) == set(CHECKOUT_PACKAGES)
    assert all(origin.startswith(str(other_copy)) for origin in found.values())
    with pytest.raises(SystemExit, match=f"this checkout is {ROOT}.*helpers from {other_copy}.*make venv"):
        require_this_checkout()
    use_this_checkout()  # this checkout goes first: found nowhere else any more
    assert foreign_packages() == {} and os.environ["PYTHONPATH"].split(os.pathsep)[:2] == [ROOT, str(other_copy)]


def test_make_grade_grades_with_this_checkouts_code_in_every_process(other_copy, tmp_path):
    """...and under a TMPDIR whose path leaves no room for a socket's address (a Unix socket's path holds 107
    bytes): the kernels' and the template's sockets go in folders short enough (a CI's nested temporary
    folders made every kernel fail to start with `File name too long`)."""
    from tests.tiny_course import expected, make_course, scores

    course = make_course(tmp_path, 3)
    long_tmp = tmp_path / ("t" * 100)
    long_tmp.mkdir(mode=0o711)
    out = subprocess.run([sys.executable, "-m", "grader.grade", "--course-dir", str(course), "--workers", "1"],
                         cwd=ROOT, capture_output=True, text=True, timeout=600,
                         env={**os.environ, "PYTHONPATH": str(other_copy), "TMPDIR": str(long_tmp)})
    assert out.returncode == 0, (out.stdout + out.stderr)[-3000:]
    report = (course / "grading_report.json").read_text() if (course / "grading_report.json").exists() else ""
    assert scores(f"sqlite:///{course / 'gradebook.db'}") == {f"student{i:02d}": expected(i) for i in range(3)}, (
        report + (out.stdout + out.stderr)[-3000:])


def test_make_test_tests_this_checkout(other_copy):
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_checkout.py",
                          "-k", "are_what_a_new_process"], cwd=ROOT, capture_output=True, text=True, timeout=300,
                         env={**os.environ, "PYTHONPATH": str(other_copy)})
    assert out.returncode == 0 and "1 passed" in out.stdout, (out.stdout + out.stderr)[-3000:]
