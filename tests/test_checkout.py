"""Grading, `make check` and `make test` run this checkout's code in every process, or refuse and say why.

A virtual environment's editable install maps helpers/, probes/ and autograders/ to the clone it was
installed from. Here a second copy of the packages is put first on the path of every new process
(PYTHONPATH, as a venv of another clone would): the grader and the test runner refuse, naming both.
"""

import os
import shutil
import subprocess
import sys

import pytest

from tools.course import CHECKOUT_PACKAGES, ROOT, foreign_packages

pytestmark = pytest.mark.slow


@pytest.fixture
def other_copy(tmp_path):
    for name in CHECKOUT_PACKAGES:
        shutil.copytree(os.path.join(ROOT, name), tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path


def test_this_checkouts_packages_are_what_a_new_process_imports():
    assert foreign_packages() == {}


def test_another_copy_first_on_the_path_is_found(other_copy, monkeypatch):
    monkeypatch.setenv("PYTHONPATH", str(other_copy))
    found = foreign_packages()
    assert set(found) == set(CHECKOUT_PACKAGES)
    assert all(origin.startswith(str(other_copy)) for origin in found.values())


@pytest.mark.parametrize("command", [["-m", "tools.grade", "--course-dir", "COURSE"], ["-m", "tools.check", "ps1_memory"],
                                     ["-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_checkout.py", "-k", "is_what"]])
def test_grading_checking_and_testing_refuse_another_copy_and_say_which(other_copy, tmp_path, command):
    command = [str(tmp_path / "course") if part == "COURSE" else part for part in command]
    (tmp_path / "course").mkdir()
    out = subprocess.run([sys.executable, *command], cwd=ROOT, capture_output=True, text=True, timeout=300,
                         env={**os.environ, "PYTHONPATH": str(other_copy)})
    said = out.stdout + out.stderr
    assert out.returncode != 0, said
    assert f"this checkout is {ROOT}" in said and f"helpers from {other_copy}" in said, said[-2000:]
    assert "make venv" in said
