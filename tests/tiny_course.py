"""A tiny, torch-free assignment and class for tests of the grading machinery (fast kernels)."""

import os
import shutil

import nbformat

from grader import grade
from tools import nbauthor as nba
from tools.submissions import fill

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _hidden(visible: str, call: str) -> str:
    """A test cell as the course writes them: visible asserts, then a hidden probe call the grader judges."""
    return f"{visible}\n### BEGIN HIDDEN TESTS\nfrom probes import selftest as probe\n{call}\n### END HIDDEN TESTS"


SOURCE = [
    nba.solution("square", "def square(x):\n    ### BEGIN SOLUTION\n    return x * x\n    ### END SOLUTION"),
    nba.tests("square_small", _hidden('"""square() on small ints."""\nassert square(3) == 9', "probe.square(square, 3)"), points=1),
    nba.tests("square_negative", _hidden('"""square() of a negative number."""\nassert square(-4) == 16', "probe.square(square, -4)"),
              points=2),
]
WRONG = {"square": "def square(x):\n    return abs(x) * 3 if x < 0 else x * x"}  # loses square_negative


def make_course(tmp_path, students, db_url=None):
    root = tmp_path / "course"
    root.mkdir(parents=True)
    shutil.copy(os.path.join(ROOT, "nbgrader_config.py"), root)
    nba.write(str(root / "source" / "ps0_tiny" / "ps0_tiny.ipynb"), SOURCE)
    grade.ensure_in_gradebook(["ps0_tiny"], str(root), db_url)
    source_nb = nbformat.read(root / "source" / "ps0_tiny" / "ps0_tiny.ipynb", as_version=4)
    release_nb = nbformat.read(root / "release" / "ps0_tiny" / "ps0_tiny.ipynb", as_version=4)
    for i in range(students):
        folder = root / "submitted" / f"student{i:02d}" / "ps0_tiny"
        folder.mkdir(parents=True)
        nbformat.write(fill(release_nb, source_nb, WRONG if i % 3 == 0 else {}), folder / "ps0_tiny.ipynb")
    return root


def expected(i):
    return {"square_small": 1.0, "square_negative": 0.0 if i % 3 == 0 else 2.0}


def scores(db_url):
    """student -> {cell: score} for every fully autograded ps0_tiny submission in a gradebook."""
    from nbgrader.api import Gradebook, MissingEntry

    found = {}
    with Gradebook(db_url) as gb:
        for student in gb.students:
            try:
                nb = gb.find_submission_notebook("ps0_tiny", "ps0_tiny", student.id)
            except MissingEntry:
                continue
            if all(g.auto_score is not None for g in nb.grades):
                found[student.id] = {g.name: g.score for g in nb.grades}
    return found
