"""Build submissions from the corpus and grade them with real nbgrader, for the test suite and the demo.

The one door between the tests and the course's notebooks (in the manner of CS336's adapters):
  * `Submission.load(path)` reads a corpus file of tests/submissions/<assignment>/ (CELLS, LOSES);
  * `fill(release_nb, source_nb, overrides)` is what a student hands in: the release notebook with
    every answer cell filled with our solution, except the cells the submission overrides;
  * `grade(assignment, submissions)` runs `nbgrader generate_assignment` and `nbgrader autograde` in a
    temporary course directory and returns, per student, the score and output text of every graded cell.
"""

from __future__ import annotations

import copy
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import nbformat

from tools.course import ROOT, nbgrader, notebook_name

SUBMISSIONS = os.path.join(ROOT, "tests", "submissions")
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def _nbgrader_meta(cell) -> dict:
    return cell.get("metadata", {}).get("nbgrader", {})


def answer_ids(nb) -> list[str]:
    """Grade ids of the cells a student writes in (autograded code and written answers)."""
    return [_nbgrader_meta(c)["grade_id"] for c in nb.cells if _nbgrader_meta(c).get("solution")]


def test_cell_ids(nb) -> dict[str, float]:
    """Autograded test cells: grade id -> points."""
    return {
        _nbgrader_meta(c)["grade_id"]: float(_nbgrader_meta(c).get("points", 0))
        for c in nb.cells
        if _nbgrader_meta(c).get("grade") and not _nbgrader_meta(c).get("solution") and c.cell_type == "code"
    }


def strip_regions(text: str, *regions: str) -> str:
    """Remove `### BEGIN <REGION>` ... `### END <REGION>` blocks (markers included)."""
    for region in regions:
        text = re.sub(rf"[ \t]*### BEGIN {region}.*?### END {region}[ \t]*\n?", "", text, flags=re.S)
    return text


def solution_text(source_cell) -> str:
    """The answer our solution gives in a source cell: solution markers dropped, rubric removed."""
    text = strip_regions(source_cell.source, "MARK SCHEME", "HIDDEN TESTS")
    return "\n".join(line for line in text.split("\n") if line.strip() not in ("### BEGIN SOLUTION", "### END SOLUTION"))


def fill(release_nb, source_nb, overrides: dict[str, str] | None = None):
    """A submission: the release notebook with every answer cell filled in (see module docstring)."""
    overrides = dict(overrides or {})
    answers = {_nbgrader_meta(c)["grade_id"]: c for c in source_nb.cells if _nbgrader_meta(c).get("solution")}
    unknown = set(overrides) - set(answers)
    if unknown:
        raise ValueError(f"submission overrides {sorted(unknown)}, which are not answer cells; answer cells: {sorted(answers)}")
    nb = copy.deepcopy(release_nb)
    for cell in nb.cells:
        grade_id = _nbgrader_meta(cell).get("grade_id")
        if grade_id in overrides:
            cell.source = textwrap.dedent(overrides.pop(grade_id)).strip("\n")
        elif grade_id in answers:
            cell.source = solution_text(answers[grade_id])
    return nb


@dataclass
class Submission:
    """One file of the corpus: a student's notebook described by the cells it changes."""

    name: str
    assignment: str
    description: str
    cells: dict[str, str]
    loses: dict[str, str]
    path: str = ""

    @classmethod
    def load(cls, path: str) -> "Submission":
        namespace: dict = {}
        with open(path, encoding="utf-8") as fh:
            code = compile(fh.read(), path, "exec")
        exec(code, namespace)  # noqa: S102 - our own fixture files
        doc = (namespace.get("__doc__") or "").strip()
        if not doc:
            raise ValueError(f"{path}: start the file with a docstring that says what the student did")
        for key in ("CELLS", "LOSES"):
            if not isinstance(namespace.get(key), dict):
                raise ValueError(f"{path}: {key} must be a dict (see CONTRIBUTING.md)")
        name = os.path.splitext(os.path.basename(path))[0]
        assignment = os.path.basename(os.path.dirname(path))
        return cls(name, assignment, doc.splitlines()[0], namespace["CELLS"], namespace["LOSES"], path)


def corpus(assignment: str | None = None) -> list[Submission]:
    """Every submission file, for one assignment or all."""
    found = []
    folders = [assignment] if assignment else sorted(os.listdir(SUBMISSIONS)) if os.path.isdir(SUBMISSIONS) else []
    for folder in folders:
        path = os.path.join(SUBMISSIONS, folder)
        if os.path.isdir(path):
            found += [Submission.load(os.path.join(path, f)) for f in sorted(os.listdir(path)) if f.endswith(".py") and not f.startswith("_")]
    return found


@dataclass
class CellResult:
    score: float
    max_score: float
    output: str


@dataclass
class GradeRun:
    """What `grade` measured: per student, per autograded cell, score and output text."""

    cells: dict[str, dict[str, CellResult]] = field(default_factory=dict)
    feedback: dict[str, str] = field(default_factory=dict)
    log: str = ""


def _cell_output(cell) -> str:
    parts = []
    for out in cell.get("outputs", []):
        if out.get("output_type") == "stream":
            parts.append(out.get("text", ""))
        elif out.get("output_type") == "error":
            parts.append(f"{out.get('ename')}: {out.get('evalue')}")
            parts.extend(out.get("traceback", []))
        elif "data" in out:
            parts.append(str(out["data"].get("text/plain", "")))
    return _ANSI.sub("", "\n".join(parts))


def new_course(assignment: str, workdir: str) -> str:
    """A temporary course directory holding one assignment's source and the course config."""
    course = os.path.join(workdir, "course")
    os.makedirs(os.path.join(course, "source"), exist_ok=True)
    shutil.copy(os.path.join(ROOT, "nbgrader_config.py"), course)
    shutil.copytree(os.path.join(ROOT, "source", assignment), os.path.join(course, "source", assignment))
    nbgrader("generate_assignment", assignment, "--force", cwd=course)
    return course


def _grade_chunk(assignment: str, notebooks: dict[str, nbformat.NotebookNode], feedback: bool) -> GradeRun:
    nb_file = notebook_name(assignment)
    with tempfile.TemporaryDirectory(prefix="grade-") as tmp:
        course = new_course(assignment, tmp)
        for student, nb in notebooks.items():
            folder = os.path.join(course, "submitted", student, assignment)
            os.makedirs(folder)
            if isinstance(nb, str):  # raw text: lets tests hand in broken files
                with open(os.path.join(folder, nb_file), "w") as fh:
                    fh.write(nb)
            else:
                nbformat.write(nb, os.path.join(folder, nb_file))
        proc = nbgrader("autograde", assignment, cwd=course, check=False)
        run = GradeRun(log=proc.stdout + proc.stderr)
        if proc.returncode != 0:
            raise RuntimeError(f"nbgrader autograde failed:\n{run.log}")
        if feedback:
            nbgrader("generate_feedback", assignment, cwd=course)
        for student in notebooks:
            path = os.path.join(course, "autograded", student, assignment, nb_file)
            run.cells[student] = {}
            if not os.path.exists(path):
                continue
            graded = nbformat.read(path, as_version=4)
            for cell in graded.cells:
                meta = _nbgrader_meta(cell)
                if meta.get("grade") and not meta.get("solution"):
                    run.cells[student][meta["grade_id"]] = CellResult(0.0, float(meta.get("points", 0)), _cell_output(cell))
            _read_scores(course, assignment, nb_file, student, run.cells[student])
            fb = os.path.join(course, "feedback", student, assignment, nb_file.replace(".ipynb", ".html"))
            if os.path.exists(fb):
                with open(fb, encoding="utf-8") as fh:
                    run.feedback[student] = html.unescape(fh.read())
        return run


def _read_scores(course: str, assignment: str, nb_file: str, student: str, cells: dict[str, CellResult]) -> None:
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{os.path.join(course, 'gradebook.db')}") as gb:
        sub = gb.find_submission_notebook(nb_file[: -len(".ipynb")], assignment, student)
        for grade in sub.grades:
            if grade.name in cells:
                cells[grade.name].score = float(grade.score or 0.0)
                cells[grade.name].max_score = float(grade.max_score)


def grade(assignment: str, notebooks: dict, workers: int = 2, feedback: bool = True) -> GradeRun:
    """Autograde `notebooks` (student id -> notebook) with real nbgrader, in `workers` course copies."""
    students = sorted(notebooks)
    chunks = [students[i::workers] for i in range(workers) if students[i::workers]]
    with ThreadPoolExecutor(len(chunks)) as pool:
        runs = list(pool.map(lambda chunk: _grade_chunk(assignment, {s: notebooks[s] for s in chunk}, feedback), chunks))
    merged = GradeRun()
    for run in runs:
        merged.cells.update(run.cells)
        merged.feedback.update(run.feedback)
        merged.log += run.log
    return merged


def source_and_release(assignment: str):
    """The source notebook and a freshly generated release notebook of an assignment."""
    nb_file = notebook_name(assignment)
    source_nb = nbformat.read(os.path.join(ROOT, "source", assignment, nb_file), as_version=4)
    release_nb = nbformat.read(os.path.join(ROOT, "release", assignment, nb_file), as_version=4)
    return source_nb, release_nb


def build_submissions(assignment: str) -> dict:
    """Student id -> notebook for: our solution, the untouched release, and every corpus file."""
    source_nb, release_nb = source_and_release(assignment)
    notebooks = {"solution": fill(release_nb, source_nb), "untouched": copy.deepcopy(release_nb)}
    for sub in corpus(assignment):
        notebooks[sub.name] = fill(release_nb, source_nb, sub.cells)
    return notebooks


if __name__ == "__main__":  # python -m tests.grading ps1_memory : grade the corpus and print a table
    name = sys.argv[1]
    result = grade(name, build_submissions(name))
    for student, cells in sorted(result.cells.items()):
        print(student, json.dumps({k: f"{v.score:g}/{v.max_score:g}" for k, v in cells.items()}))
