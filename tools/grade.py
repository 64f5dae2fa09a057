"""Autograde every submission in submitted/, write feedback/ and grades.csv, print the gradebook.

    python -m tools.grade              # every assignment that has submissions
    python -m tools.grade ps1_memory   # one assignment

Uses nbgrader's own commands (autograde, generate_feedback, export) in the course directory.
"""

from __future__ import annotations

import argparse
import glob
import os
import sys
import time

from tools.course import ROOT, assignments, nbgrader, notebook_name


def submitted_assignments(root: str = ROOT) -> list[str]:
    return [a for a in assignments(root) if glob.glob(os.path.join(root, "submitted", "*", a))]


def ensure_in_gradebook(names: list[str], root: str = ROOT) -> None:
    """nbgrader autograde needs each assignment's cells in the gradebook: generate_assignment records them."""
    for name in names:
        nbgrader("generate_assignment", name, "--force", cwd=root)
    from tools import clean_notebooks

    clean_notebooks.main(sorted(glob.glob(os.path.join(root, "release", "*", "*.ipynb"))))


def gradebook_table(root: str = ROOT) -> str:
    """Per student and assignment: autograded score, points still to grade by hand."""
    from nbgrader.api import Gradebook

    rows = []
    with Gradebook(f"sqlite:///{os.path.join(root, 'gradebook.db')}") as gb:
        for assignment in gb.assignments:
            for sub in assignment.submissions:
                manual = sum(g.max_score for g in sub.grades if g.cell.grade_type == "markdown" or g.needs_manual_grade)
                auto = [g for g in sub.grades if g.auto_score is not None]
                rows.append((sub.student.id, assignment.name, sum(g.score for g in auto), sum(g.max_score for g in auto), manual))
    width = max([len(r[0]) for r in rows] + [7])
    lines = [f"{'student':<{width}}  {'assignment':<16} {'autograded':>10}  {'to grade by hand':>16}"]
    for student, name, score, max_score, manual in sorted(rows, key=lambda r: (r[1], r[0])):
        lines.append(f"{student:<{width}}  {name:<16} {score:>5g}/{max_score:<4g}  {manual:>13g} pts")
    return "\n".join(lines)


def grade(names: list[str] | None = None, root: str = ROOT) -> float:
    names = names or submitted_assignments(root)
    if not names:
        raise SystemExit("nothing to grade: submitted/<student>/<assignment>/ is empty (see `make demo` for an example)")
    start = time.monotonic()
    ensure_in_gradebook(names, root)
    for name in names:
        print(f"autograding {name} ...", flush=True)
        proc = nbgrader("autograde", name, cwd=root, check=False)
        if proc.returncode != 0:
            print(proc.stdout[-3000:], proc.stderr[-3000:], file=sys.stderr)
            print(f"nbgrader autograde reported errors for {name}; grades it recorded are kept", file=sys.stderr)
        nbgrader("generate_feedback", name, cwd=root, check=False)
    nbgrader("export", "--to", os.path.join(root, "grades.csv"), cwd=root, check=False)
    return time.monotonic() - start


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*")
    args = parser.parse_args(argv)
    seconds = grade(args.names)
    print()
    print(gradebook_table())
    print(f"\ngraded in {seconds:.1f} s; feedback in feedback/<student>/<assignment>/, "
          f"grades in grades.csv; written answers: `make lab`, then the Formgrader")
    return 0


if __name__ == "__main__":
    sys.exit(main())
