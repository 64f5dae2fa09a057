"""Submissions as a student hands them in: the release notebook with its answer cells filled.

A corpus file in tests/submissions/<assignment>/<name>.py describes one submission by the cells it
changes (CELLS) and the autograded cells it must lose (LOSES); see CONTRIBUTING.md. `fill` builds the
notebook: every answer cell gets our solution except the overridden ones.
"""

from __future__ import annotations

import copy
import os
import re
import textwrap
from dataclasses import dataclass

import nbformat

from probes.wire import strip_regions
from grader.course import ROOT, notebook_name

SUBMISSIONS = os.path.join(ROOT, "tests", "submissions")


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
    attack: bool = False  # ATTACK = True in the file: an attack on the grading, graded in every test run

    @property
    def file(self) -> str:
        """The corpus file it is in (a file may hold several: `SUBMISSIONS`)."""
        return self.name.split(".")[0]

    @classmethod
    def load(cls, path: str) -> list["Submission"]:
        """The submissions of one corpus file: itself (its docstring, CELLS, LOSES, ATTACK), or each entry of its
        SUBMISSIONS ({key: {"doc": ..., "CELLS": ..., "LOSES": ..., "ATTACK": ...}}), named `<file>.<key>`."""
        namespace: dict = {}
        with open(path, encoding="utf-8") as fh:
            code = compile(fh.read(), path, "exec")
        exec(code, namespace)  # noqa: S102 - our own fixture files
        stem = os.path.splitext(os.path.basename(path))[0]
        assignment = os.path.basename(os.path.dirname(path))
        if "SUBMISSIONS" in namespace:
            entries = namespace["SUBMISSIONS"]
            if not isinstance(entries, dict) or not entries:
                raise ValueError(f"{path}: SUBMISSIONS must be a dict of submissions (see CONTRIBUTING.md)")
            if "CELLS" in namespace or "LOSES" in namespace:
                raise ValueError(f"{path}: either SUBMISSIONS or CELLS and LOSES, not both")
            found = []
            for key, entry in entries.items():
                where = f"{path}: SUBMISSIONS[{key!r}]"
                if not isinstance(key, str) or not re.fullmatch(r"[a-z0-9_]+", key):
                    raise ValueError(f"{where}: name each submission with lower-case letters, digits and _")
                if not isinstance(entry, dict) or set(entry) - {"doc", "CELLS", "LOSES", "ATTACK"}:
                    raise ValueError(f"{where}: a dict with doc, CELLS, LOSES (and ATTACK) only")
                found.append(cls._made(f"{stem}.{key}", assignment, where, entry.get("doc"), entry.get("CELLS"),
                                       entry.get("LOSES"), entry.get("ATTACK", False), path))
            return found
        return [cls._made(stem, assignment, path, namespace.get("__doc__"), namespace.get("CELLS"),
                          namespace.get("LOSES"), namespace.get("ATTACK", False), path)]

    @classmethod
    def _made(cls, name, assignment, where, doc, cells, loses, attack, path) -> "Submission":
        doc = (doc or "").strip() if isinstance(doc, (str, type(None))) else ""
        if not doc:
            raise ValueError(f"{where}: say what the student did (the file's docstring, or \"doc\")")
        for key, value in (("CELLS", cells), ("LOSES", loses)):
            if not isinstance(value, dict):
                raise ValueError(f"{where}: {key} must be a dict (see CONTRIBUTING.md)")
        if not isinstance(attack, bool):
            raise ValueError(f"{where}: ATTACK must be True or False")
        return cls(name, assignment, doc.splitlines()[0], cells, loses, path, attack)


def corpus(assignment: str | None = None) -> list[Submission]:
    """Every submission of the corpus, for one assignment or all (a file may hold several)."""
    found = []
    folders = [assignment] if assignment else sorted(os.listdir(SUBMISSIONS)) if os.path.isdir(SUBMISSIONS) else []
    for folder in folders:
        path = os.path.join(SUBMISSIONS, folder)
        if os.path.isdir(path):
            for f in sorted(os.listdir(path)):
                if f.endswith(".py") and not f.startswith("_"):
                    found += Submission.load(os.path.join(path, f))
    return found


def cover(assignment: str) -> list[Submission]:
    """The corpus files `make test` grades: every correct alternative (loses nothing), every attack on the
    grading (ATTACK = True), and then, picked greedily (most cells not yet shown, then fewest cells, then
    name), files until every cell that any file loses is lost by one of them. So every hidden test is still
    shown to catch a mistake, at about a third of the cost; `make test-full` and `make check ALL=1` grade
    every file (each one's own diagnosis)."""
    subs = corpus(assignment)
    chosen = [s for s in subs if not s.loses or s.attack]
    left = set().union(*(s.loses for s in subs)) - set().union(*(s.loses for s in chosen))
    pool = [s for s in subs if s not in chosen]
    while left:
        best = max(pool, key=lambda s: (len(left & set(s.loses)), -len(s.loses), s.name))
        chosen.append(best)
        pool.remove(best)
        left -= set(best.loses)
    return sorted(chosen, key=lambda s: s.name)


def source_and_release(assignment: str, root: str = ROOT):
    """The source notebook and the committed release notebook of an assignment."""
    nb_file = notebook_name(assignment, root)
    source_nb = nbformat.read(os.path.join(root, "source", assignment, nb_file), as_version=4)
    release_nb = nbformat.read(os.path.join(root, "release", assignment, nb_file), as_version=4)
    return source_nb, release_nb


def build_submissions(assignment: str, names: list[str] | None = None) -> dict:
    """Student id -> notebook for our solution, the untouched release and corpus files (all or `names`)."""
    source_nb, release_nb = source_and_release(assignment)
    notebooks = {"solution": fill(release_nb, source_nb), "untouched": copy.deepcopy(release_nb)}
    for sub in corpus(assignment):
        if names is None or sub.name in names:
            notebooks[sub.name] = fill(release_nb, source_nb, sub.cells)
    return notebooks
