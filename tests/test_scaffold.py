"""The scaffold adds a working exercise: cells, probe, judge, a wrong submission and a correct alternative that all agree.

Each case scaffolds into a copy of the course, then runs, in a fresh interpreter that imports the
copy's probes/ and autograders/, the notebook's setup cell, the new answer cell and the new test cell
(the probe reports and, outside grading, judges in the process): the solution and the scaffolded correct
alternative pass; the scaffolded wrong submission fails with its corpus phrase; a report with a key cut out or misspelt is refused. The
notebook's points table gets the exercise's row, and every assignment's table matches its cells' points.
"""

import json
import os
import shutil
import subprocess
import sys
import textwrap

import nbformat
import pytest

from grader.course import ROOT, assignments
from tools import scaffold

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


@pytest.mark.parametrize("world", [None, (2, 3)], ids=["one_process", "two_and_three_ranks"])
def test_a_scaffolded_exercise_passes_and_its_wrong_submission_fails(course, world):
    written = scaffold.add_exercise("ps2_ddp", "mean_of", points=3, world_sizes=world, root=str(course))
    nb_path = course / "source" / "ps2_ddp" / "ps2_ddp.ipynb"
    setup, answer, test = _cells(nb_path, "setup", "mean_of", "mean_of_matches_reference")
    nb = nbformat.read(nb_path, as_version=4)
    headings = [c.source.splitlines()[0] for c in nb.cells if c.cell_type == "markdown" and c.source.startswith("## Exercise")]
    assert headings[-1] == "## Exercise 6: mean of (3 points)", headings
    ids = [c.metadata.get("nbgrader", {}).get("grade_id") for c in nb.cells]
    assert ids.index("mean_of_matches_reference") < ids.index("quiz_intro"), "the exercise goes before the quiz"
    assert ("6. Mean of", 3) in scaffold.points_table(nb.cells[0].source), nb.cells[0].source
    assert "6. **Mean of** (3 points)" in nb.cells[0].source, "the introduction's list of exercises"
    assert points_mismatches(nb) == [], "the scaffold left the points table wrong"
    probe_text = (course / "probes" / "ps2_ddp.py").read_text()
    judge_text = (course / "autograders" / "ps2_ddp.py").read_text()
    assert "@check\ndef mean_of(fn)" in probe_text
    if world:
        assert "MEAN_OF_WORLD_SIZES = (2, 3)" in probe_text and "seen = {\"raised\": type(" in probe_text
    for text in (probe_text, judge_text):  # one import line per module
        froms = [line.split(" import ")[0] for line in text.splitlines() if line.startswith("from ")]
        assert len(froms) == len(set(froms)), froms

    released = (course / "release" / "ps2_ddp" / "ps2_ddp.ipynb").read_text()
    assert "mean_of_matches_reference" in released and "probe.mean_of" not in released, "hidden part released"
    corpus = course / "tests" / "submissions" / "ps2_ddp" / "ex6_mean_of.py"
    assert str(corpus) in written
    namespace: dict = {}
    exec(corpus.read_text(), namespace)
    wrong, alternative = namespace["SUBMISSIONS"]["wrong"], namespace["SUBMISSIONS"]["alternative"]
    assert set(wrong["LOSES"]) == {"mean_of_matches_reference"} and alternative["LOSES"] == {}

    program = textwrap.dedent("""
        import json, sys
        setup, answer, test, wrong, phrase, alternative = json.load(sys.stdin)
        exec(setup)
        exec(answer)
        exec(test)                                   # the solution passes the visible and the hidden check
        exec(alternative)
        exec(test)                                   # so does the correct alternative
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
        key = "runs" if "runs" in open(judges.__file__.replace("autograders", "probes")).read() else "results"
        for bad in ({}, {key[:-1]: []}, {key: []}):  # a key cut out, misspelt, a list cut short
            try:
                judge.run("ps2_ddp.mean_of", bad)
            except (AssertionError, KeyError) as exc:
                print("REFUSED", bad, type(exc).__name__, exc)
            else:
                raise SystemExit(f"the judge passed {bad!r}")
        print("OK", judges.__file__)
    """)
    proc = subprocess.run([sys.executable, "-c", program], cwd=course, text=True, timeout=300,
                          input=json.dumps([setup, answer, test, wrong["CELLS"]["mean_of"],
                                            wrong["LOSES"]["mean_of_matches_reference"], alternative["CELLS"]["mean_of"]]),
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


def test_the_scaffold_merges_imports_of_a_module_already_imported_from():
    text = "import torch\nfrom autograders.common import observed, off\nfrom probes import ps2_ddp as probe\n\nX = 1\n"
    out = scaffold._ensure_imports(text, ["from autograders.common import assert_tensors_close, observed", "import torch"])
    assert out == ("import torch\nfrom autograders.common import assert_tensors_close, observed, off\n"
                   "from probes import ps2_ddp as probe\n\nX = 1\n")


def points_mismatches(nb) -> list[str]:
    """How a notebook's `| exercise | points |` table differs from its graded cells' points (nbgrader
    metadata): one row per graded `## ` section, in order; a numbered row names its section's number."""
    sections, current = [], None
    for cell in nb.cells:
        first = cell.source.splitlines()[0] if cell.cell_type == "markdown" and cell.source else ""
        if first.startswith("## "):
            current = [first, 0.0]
            sections.append(current)
        points = cell.metadata.get("nbgrader", {}).get("points")
        if points and cell.metadata["nbgrader"].get("grade"):
            assert current is not None, f"graded cell {cell.metadata['nbgrader'].get('grade_id')} before any section"
            current[1] += points
    graded = [(heading, points) for heading, points in sections if points]
    rows = scaffold.points_table(nb.cells[0].source)
    problems = [] if rows else ["the introduction has no | exercise | points | table"]
    if len(rows) != len(graded):
        problems.append(f"{len(rows)} rows for {len(graded)} graded sections: {[h for h, _ in graded]}")
    for (label, points), (heading, total) in zip(rows, graded):
        m = scaffold.SECTION.match(heading)
        number = label.split(".")[0] if label[:1].isdigit() else None
        if number is not None and (m is None or m["number"] != number):
            problems.append(f"row {label!r} is not section {heading!r}")
        if points != total:
            problems.append(f"row {label!r} says {points} points, its cells give {total:g}")
        if m and m["points"] and int(m["points"]) != total:
            problems.append(f"heading {heading!r} says {m['points']} points, its cells give {total:g}")
    return problems


@pytest.mark.parametrize("assignment", assignments())
def test_every_points_table_matches_the_points_of_its_cells(assignment):
    nb = nbformat.read(os.path.join(ROOT, "source", assignment, f"{assignment}.ipynb"), as_version=4)
    assert points_mismatches(nb) == []


def test_a_wrong_points_table_is_caught():
    nb = nbformat.read(os.path.join(ROOT, "source", "ps2_ddp", "ps2_ddp.ipynb"), as_version=4)
    intro = nb.cells[0].source
    assert "| 2. Your own minimal DDP | 5 |" in intro
    nb.cells[0].source = intro.replace("| 2. Your own minimal DDP | 5 |", "| 2. Your own minimal DDP | 4 |")
    assert any("says 4 points, its cells give 5" in p for p in points_mismatches(nb))
    nb.cells[0].source = intro.replace("| 5. Checkpoints that load anywhere | 2 |\n", "")
    assert any("rows for" in p for p in points_mismatches(nb))
    graded = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "train_ddp_checkpoint")
    nb.cells[0].source, graded.metadata["nbgrader"]["points"] = intro, 3
    assert any("its cells give 6" in p for p in points_mismatches(nb))
    long = "from autograders.common import judge_choice, off, on_rank_error, rank_seeds, same_shape_close, tensors_close\n"
    out = scaffold._ensure_imports(long, ["from autograders.common import assert_tensors_close, observed"])
    assert max(map(len, out.splitlines())) <= 120 and out.count("from autograders.common import") == 1, out
    assert "assert_tensors_close" in out and "tensors_close," in out
    compile(out, "judge", "exec")
