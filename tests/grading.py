"""Build submissions from the corpus and grade them with real nbgrader, for the test suite and the demo.

The one door between the tests and the course's notebooks (in the manner of CS336's adapters):
submissions are built by tools.submissions (corpus files, `fill`), and `grade(assignment, notebooks)`
runs `nbgrader generate_assignment`, then grades them through `make grade`'s own path (grader.grade:
sandboxed, warm grader, feedback) in a temporary course directory, and returns, per student, the
score, output text and feedback of every graded cell.
"""

from __future__ import annotations

import html
import json
import os
import re
import sys
import tempfile
from dataclasses import dataclass, field

import nbformat

from grader.course import copy_course, create_gradebook, nbgrader, notebook_name
from tools.submissions import (  # noqa: F401 - re-exported for the tests
    Submission, _nbgrader_meta, build_submissions, corpus, cover, fill, solution_text, source_and_release, test_cell_ids,
)

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


@dataclass
class CellResult:
    score: float
    max_score: float
    output: str
    error: str = ""  # the error outputs' "ename: evalue" lines: the message the student reads, no source lines


@dataclass
class GradeRun:
    """What `grade` measured: per student, per autograded cell, score and output text."""

    cells: dict[str, dict[str, CellResult]] = field(default_factory=dict)
    feedback: dict[str, str] = field(default_factory=dict)
    log: str = ""


def _cell_error(cell) -> str:
    """What the cell's error outputs say (name and message), without the traceback's source lines."""
    return _ANSI.sub("", "\n".join(f"{out.get('ename')}: {out.get('evalue')}" for out in cell.get("outputs", [])
                                   if out.get("output_type") == "error"))


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
    course = copy_course(os.path.join(workdir, "course"), [assignment])
    create_gradebook(f"sqlite:///{os.path.join(course, 'gradebook.db')}")  # without nbgrader's alembic command
    nbgrader("generate_assignment", assignment, "--force", cwd=course)
    return course


def grade(assignment: str, notebooks: dict, workers: int = 2, feedback: bool = True) -> GradeRun:
    """Grade `notebooks` (student id -> notebook, or raw text for a broken file) the way a TA does:
    `make grade`'s path (grader.grade: the warm grader, one sandboxed kernel per submission, `workers`
    at a time, nbgrader autograde and generate_feedback), in a temporary course directory."""
    from grader import grade as make_grade

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
        outcomes = make_grade.grade([assignment], course, workers=workers, feedback=feedback)
        run = GradeRun(log="\n".join(f"{o.student}: {o.status} in {o.seconds:.1f} s {o.reason}" for o in outcomes))
        for student in notebooks:
            path = os.path.join(course, "autograded", student, assignment, nb_file)
            run.cells[student] = {}
            if not os.path.exists(path):
                continue
            graded = nbformat.read(path, as_version=4)
            for cell in graded.cells:
                meta = _nbgrader_meta(cell)
                if meta.get("grade") and not meta.get("solution"):
                    run.cells[student][meta["grade_id"]] = CellResult(
                        0.0, float(meta.get("points", 0)), _cell_output(cell), _cell_error(cell))
            _read_scores(course, assignment, nb_file, student, run.cells[student])
            fb = os.path.join(course, "feedback", student, assignment, nb_file.replace(".ipynb", ".html"))
            if os.path.exists(fb):
                with open(fb, encoding="utf-8") as fh:
                    run.feedback[student] = html.unescape(re.sub(r"<[^>]+>", "", fh.read()))  # the text a browser shows
        return run


def _read_scores(course: str, assignment: str, nb_file: str, student: str, cells: dict[str, CellResult]) -> None:
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{os.path.join(course, 'gradebook.db')}") as gb:
        sub = gb.find_submission_notebook(nb_file[: -len(".ipynb")], assignment, student)
        for grade in sub.grades:
            if grade.name in cells:
                cells[grade.name].score = float(grade.score or 0.0)
                cells[grade.name].max_score = float(grade.max_score)


if __name__ == "__main__":  # python -m tests.grading ps1_memory : grade the corpus and print a table
    name = sys.argv[1]
    result = grade(name, build_submissions(name))
    for student, cells in sorted(result.cells.items()):
        print(student, json.dumps({k: f"{v.score:g}/{v.max_score:g}" for k, v in cells.items()}))


def unused_uid() -> int:
    """A uid for a test that runs something as an ordinary user: no account or group has it and no process runs as it.

    Not nobody (65534): on a machine with accounts, every process of another account that runs as nobody could read
    that test's environment, swap its files and join its processes (round 54 did all three during the TA's suite).
    """
    import psutil

    from grader.sandbox import HOST_UID_POOL, free_uid

    taken = set()
    for proc in psutil.process_iter(["uids"]):
        if proc.info["uids"]:
            taken.update(proc.info["uids"])
    for uid in range(60999, 60000, -1):
        if uid not in taken and uid not in HOST_UID_POOL and free_uid(uid):
            return uid
    raise RuntimeError("no unused uid in 60001-60999 for the test")
