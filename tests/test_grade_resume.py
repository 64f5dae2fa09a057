"""Grading a class survives load and interruption: SQLite under parallel writers, resume after kill -9."""

import os
import shutil
import signal
import subprocess
import sys
import time

import nbformat
import pytest

from tools import grade
from tools import nbauthor as nba
from tools.course import venv_env
from tools.submissions import fill

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("grade_resume")]

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = [
    nba.solution("square", "def square(x):\n    ### BEGIN SOLUTION\n    return x * x\n    ### END SOLUTION"),
    nba.tests("square_small", '"""square() on small ints."""\nassert square(3) == 9', points=1),
    nba.tests("square_negative", '"""square() of a negative number."""\nassert square(-4) == 16', points=2),
]
WRONG = {"square": "def square(x):\n    return abs(x) * 3 if x < 0 else x * x"}  # loses square_negative


def _course(tmp_path, students):
    root = tmp_path / "course"
    root.mkdir()
    shutil.copy(os.path.join(ROOT, "nbgrader_config.py"), root)
    nba.write(str(root / "source" / "ps0_tiny" / "ps0_tiny.ipynb"), SOURCE)
    grade.ensure_in_gradebook(["ps0_tiny"], str(root))
    source_nb = nbformat.read(root / "source" / "ps0_tiny" / "ps0_tiny.ipynb", as_version=4)
    release_nb = nbformat.read(root / "release" / "ps0_tiny" / "ps0_tiny.ipynb", as_version=4)
    for i in range(students):
        folder = root / "submitted" / f"student{i:02d}" / "ps0_tiny"
        folder.mkdir(parents=True)
        nbformat.write(fill(release_nb, source_nb, WRONG if i % 3 == 0 else {}), folder / "ps0_tiny.ipynb")
    return root


def _expected(i):
    return {"square_small": 1.0, "square_negative": 0.0 if i % 3 == 0 else 2.0}


def _scores(root):
    from nbgrader.api import Gradebook, MissingEntry

    found = {}
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:
        for student in gb.students:
            try:
                nb = gb.find_submission_notebook("ps0_tiny", "ps0_tiny", student.id)
            except MissingEntry:
                continue
            if all(g.auto_score is not None for g in nb.grades):
                found[student.id] = {g.name: g.score for g in nb.grades}
    return found


def test_six_parallel_graders_share_one_sqlite_gradebook(tmp_path):
    """Six nbgrader processes write one SQLite gradebook at once: nothing locked, nothing lost."""
    root = _course(tmp_path, 12)
    outcomes = grade.grade(["ps0_tiny"], str(root), workers=6, feedback=False)
    assert [o for o in outcomes if o.status != "graded"] == []
    scores = _scores(root)
    assert scores == {f"student{i:02d}": _expected(i) for i in range(12)}


def test_a_killed_run_resumes_without_losing_or_repeating_grades(tmp_path):
    root = _course(tmp_path, 6)
    cmd = [sys.executable, "-m", "tools.grade", "ps0_tiny", "--course-dir", str(root), "--workers", "1"]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=venv_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    deadline = time.monotonic() + 240
    while len(_scores(root)) < 2 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.2)
    os.killpg(proc.pid, signal.SIGKILL)  # a power cut: no chance to clean up
    proc.wait()
    before = _scores(root)
    assert 2 <= len(before) < 6, f"the kill came too late or too early to test resuming: {sorted(before)}"
    done_before = [s for s in before if os.path.exists(root / "autograded" / s / "ps0_tiny" / grade.DONE_MARKER)]
    assert done_before, "no submission was marked finished before the kill"
    outcomes = grade.grade(["ps0_tiny"], str(root), workers=2, feedback=False)
    status = {o.student: o.status for o in outcomes}
    assert all(status[s] == "skipped" for s in done_before), status
    assert all(status[s] == "graded" for s in status if s not in done_before), status
    after = _scores(root)
    assert after == {f"student{i:02d}": _expected(i) for i in range(6)}
    assert all(after[s] == before[s] for s in before), "a grade recorded before the kill changed"
