"""The scaffold adds a working exercise: cells, probe, judge and a wrong submission that all agree.

Each case scaffolds into a copy of the course, then runs, in a fresh interpreter that imports the
copy's probes/ and autograders/, the notebook's setup cell, the new answer cell and the new test cell
(the probe reports and, outside grading, judges in the process): the solution passes; the scaffolded
wrong submission fails with its corpus phrase; a report with a key cut out or misspelt is refused.
"""

import json
import os
import shutil
import subprocess
import sys
import textwrap

import nbformat
import pytest

from tools import scaffold
from tools.course import ROOT

pytestmark = pytest.mark.xdist_group("scaffold")


@pytest.fixture
def course(tmp_path):
    for folder in ("source", "probes", "autograders", "helpers"):
        shutil.copytree(os.path.join(ROOT, folder), tmp_path / folder, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(os.path.join(ROOT, "tests", "submissions"), tmp_path / "tests" / "submissions")
    shutil.copy(os.path.join(ROOT, "nbgrader_config.py"), tmp_path)
    return tmp_path


def _cells(path, *ids):
    nb = nbformat.read(path, as_version=4)
    by_id = {c.metadata.get("nbgrader", {}).get("grade_id"): c for c in nb.cells}
    return [by_id[i].source for i in ids]


@pytest.mark.parametrize("world", [None, 2], ids=["one_process", "two_ranks"])
def test_a_scaffolded_exercise_passes_and_its_wrong_submission_fails(course, world):
    written = scaffold.add_exercise("ps2_ddp", "mean_of", points=3, world_size=world, root=str(course))
    nb_path = course / "source" / "ps2_ddp" / "ps2_ddp.ipynb"
    setup, answer, test = _cells(nb_path, "setup", "mean_of", "mean_of_matches_reference")
    nb = nbformat.read(nb_path, as_version=4)
    headings = [c.source.splitlines()[0] for c in nb.cells if c.cell_type == "markdown" and c.source.startswith("## Exercise")]
    assert headings[-1] == "## Exercise 6: mean of (3 points)", headings
    ids = [c.metadata.get("nbgrader", {}).get("grade_id") for c in nb.cells]
    assert ids.index("mean_of_matches_reference") < ids.index("quiz_intro"), "the exercise goes before the quiz"

    released = (course / "release" / "ps2_ddp" / "ps2_ddp.ipynb").read_text()
    assert "mean_of_matches_reference" in released and "probe.mean_of" not in released, "hidden part released"
    corpus = course / "tests" / "submissions" / "ps2_ddp" / "ex6_mean_of_wrong.py"
    assert str(corpus) in written
    namespace: dict = {}
    exec(corpus.read_text(), namespace)
    assert namespace["LOSES"] and set(namespace["LOSES"]) == {"mean_of_matches_reference"}

    program = textwrap.dedent("""
        import json, sys
        setup, answer, test, wrong, phrase = json.load(sys.stdin)
        exec(setup)
        exec(answer)
        exec(test)                                   # the solution passes the visible and the hidden check
        try:
            exec(wrong)
            exec(test)
        except AssertionError as exc:
            assert phrase in str(exc), str(exc)
            print("WRONG FAILED:", exc)
        else:
            raise SystemExit("the scaffolded wrong submission passed")
        from grader import judge
        from autograders import ps2_ddp as judges
        for bad in ({}, {"reslts": []}):
            try:
                judge.run("ps2_ddp.mean_of", bad)
            except AssertionError as exc:
                assert "the grading code was changed" in str(exc), str(exc)
            else:
                raise SystemExit(f"the judge passed {bad!r}")
        print("OK", judges.__file__)
    """)
    wrong = namespace["CELLS"]["mean_of"]
    proc = subprocess.run([sys.executable, "-c", program], cwd=course, text=True, timeout=300,
                          input=json.dumps([setup, answer, test, wrong, namespace["LOSES"]["mean_of_matches_reference"]]),
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          env=dict(os.environ, PYTHONPATH=str(course), DISTCOURSE_JUDGE="kernel"))
    assert proc.returncode == 0, proc.stdout[-3000:]
    assert f"OK {course}" in proc.stdout, f"the judges were not imported from the scaffolded copy:\n{proc.stdout}"


@pytest.mark.parametrize("assignment, name, words", [
    ("ps9_nothing", "mean_of", "not an assignment"),
    ("ps2_ddp", "Mean-Of", "snake_case"),
    ("ps2_ddp", "class", "keyword"),
    ("ps2_ddp", "quiz_extra", "quiz"),
    ("ps2_ddp", "train_ddp", "already has"),
])
def test_bad_requests_are_refused_and_nothing_is_written(course, assignment, name, words):
    before = {p: p.read_bytes() for p in course.rglob("*") if p.is_file()}
    with pytest.raises(scaffold.ScaffoldError, match=words):
        scaffold.add_exercise(assignment, name, root=str(course))
    after = {p: p.read_bytes() for p in course.rglob("*") if p.is_file()}
    assert after == before


def test_imports_are_added_once_after_the_last_import():
    text = "from __future__ import annotations\n\nimport torch\n\nX = 1\n"
    out = scaffold._ensure_imports(text, ["import torch", "from probes import outcome, report"])
    assert out == "from __future__ import annotations\n\nimport torch\nfrom probes import outcome, report\n\nX = 1\n"
    assert scaffold._ensure_imports(out, ["from probes import outcome, report"]) == out
