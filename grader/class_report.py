"""Which exercises did the class fail, and how badly: one picture per class for the TA.

Per assignment, one horizontal bar per exercise: the share of submissions with full marks, partial
marks and no marks on that exercise, hardest exercise (fewest full marks) on top. An exercise is an
answer cell of the notebook (`partition_layers`, `train_ddp`, ...); its score is the sum of the test
cells that check it (the grade ids `<exercise>_<property>`); the quiz is one exercise. Written
answers are graded by hand and left out. Built from the gradebook, after `make grade`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

FULL, PARTIAL, NONE = "full marks", "partial", "no marks"
COLOURS = {FULL: "#2c7bb6", PARTIAL: "#fdae61", NONE: "#d7191c"}  # blue / orange / red: colour-blind safe


@dataclass
class Exercise:
    assignment: str
    name: str
    max_score: float = 0.0
    outcomes: dict[str, int] = field(default_factory=lambda: {FULL: 0, PARTIAL: 0, NONE: 0})

    @property
    def submissions(self) -> int:
        return sum(self.outcomes.values())

    def share(self, outcome: str) -> float:
        return self.outcomes[outcome] / self.submissions if self.submissions else 0.0


def exercise_of(test_cell: str, answers: set[str]) -> str:
    """The exercise a test cell checks: the longest answer-cell id it starts with; quiz cells are "quiz"."""
    if test_cell.startswith("quiz"):
        return "quiz"
    owners = [a for a in answers if test_cell == a or test_cell.startswith(a + "_")]
    return max(owners, key=len) if owners else test_cell


def class_exercises(db_url: str) -> list[Exercise]:
    """Every autograded exercise of every assignment in the gradebook, with how the class did on it."""
    from nbgrader.api import Gradebook

    from grader.grade import _answer_names, _is_test_grade

    exercises: dict[tuple[str, str], Exercise] = {}
    with Gradebook(db_url) as gb:
        for assignment in gb.assignments:
            for sub in assignment.submissions:
                per_exercise: dict[str, list[float]] = {}
                for nb in sub.notebooks:
                    answers = _answer_names(nb.notebook)
                    for g in nb.grades:
                        if g.cell.cell_type != "code" or (g.auto_score is None and not _is_test_grade(g, answers)):
                            continue  # a written answer (nbgrader gives an unchanged one 0 itself), graded by hand
                        totals = per_exercise.setdefault(exercise_of(g.name, answers), [0.0, 0.0])
                        totals[0] += float(g.score or 0)
                        totals[1] += float(g.max_score)
                for name, (score, points) in per_exercise.items():
                    ex = exercises.setdefault((assignment.name, name), Exercise(assignment.name, name, points))
                    outcome = FULL if score >= points else NONE if score <= 0 else PARTIAL
                    ex.outcomes[outcome] += 1
    return sorted(exercises.values(), key=lambda e: (e.assignment, e.share(FULL), -e.share(NONE), e.name))


def plot_class(exercises: list[Exercise], path: str) -> str | None:
    """Draw the picture (one panel per assignment) to `path`; None when nothing was graded."""
    if not exercises:
        return None
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    assignments = sorted({e.assignment for e in exercises})
    rows = [[e for e in exercises if e.assignment == a] for a in assignments]
    heights = [max(len(r), 1) * 0.32 + 0.9 for r in rows]
    fig, axes = plt.subplots(len(rows), 1, figsize=(8.0, sum(heights)), squeeze=False,
                             gridspec_kw={"height_ratios": heights})
    for ax, assignment, row in zip(axes[:, 0], assignments, rows):
        row = row[::-1]  # barh draws bottom-up: the hardest exercise on top
        labels = [f"{e.name} ({e.max_score:g} pt{'s' * (e.max_score != 1)})" for e in row]
        left = [0.0] * len(row)
        for outcome in (FULL, PARTIAL, NONE):
            widths = [100 * e.share(outcome) for e in row]
            ax.barh(labels, widths, left=left, color=COLOURS[outcome], label=outcome, height=0.7)
            left = [a + b for a, b in zip(left, widths)]
        for y, e in enumerate(row):
            if e.outcomes[NONE] or e.outcomes[PARTIAL]:
                ax.text(101, y, f"{e.outcomes[NONE] + e.outcomes[PARTIAL]} of {e.submissions} lost points",
                        va="center", fontsize=7)
        n = max(e.submissions for e in row)
        ax.set_title(f"{assignment}: {n} submission{'s' * (n != 1)}, hardest exercise on top", fontsize=9, loc="left")
        ax.set_xlim(0, 135)
        ax.set_xticks([0, 25, 50, 75, 100])
        ax.tick_params(labelsize=7)
        ax.spines[["top", "right"]].set_visible(False)
    axes[-1, 0].set_xlabel("% of submissions", fontsize=8)
    axes[0, 0].legend(loc="lower right", fontsize=7, frameon=False, ncol=3, bbox_to_anchor=(1.0, 1.12))
    fig.tight_layout()
    # the TA's alone from the start (round 48: what others read while a run lasts), as grader.grade.keep_private
    with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600), "wb") as fh:
        fig.savefig(fh, dpi=110, format="png")
    plt.close(fig)
    return path


def write_class_report(root: str, db_url: str) -> str | None:
    """grades_by_exercise.png next to grades.csv (None when the gradebook holds no graded submission)."""
    return plot_class(class_exercises(db_url), os.path.join(root, "grades_by_exercise.png"))


def synthetic_class(root: str, students: int, seed: int = 0) -> None:
    """`students` students hand in every assignment: mostly our solution, else one corpus mistake or nothing.

    Only for drawing the README's example picture: real classes come from `submitted/`.
    """
    import random

    import nbformat

    from grader.course import assignments, notebook_name
    from tools.submissions import corpus, fill, source_and_release

    rng = random.Random(seed)
    for name in assignments():
        source_nb, release_nb = source_and_release(name)
        wrong = [s for s in corpus(name) if s.loses]
        for i in range(students):
            draw = rng.random()
            if draw < 0.45:
                nb = fill(release_nb, source_nb)
            elif draw < 0.93:
                nb = fill(release_nb, source_nb, rng.choice(wrong).cells)
            else:
                nb = release_nb
            folder = os.path.join(root, "submitted", f"student{i:02d}", name)
            os.makedirs(folder)
            nbformat.write(nb, os.path.join(folder, notebook_name(name)))


def main(argv=None) -> int:
    import argparse
    import tempfile

    from grader.course import ROOT

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--course-dir", default=ROOT, help="draw from this course's gradebook (after make grade)")
    parser.add_argument("--synthetic", type=int, metavar="N",
                        help="instead: grade N made-up students (solutions, corpus mistakes, blanks) in a temporary course")
    parser.add_argument("--out", help="where to write the picture (default: grades_by_exercise.png in the course)")
    args = parser.parse_args(argv)
    if args.synthetic is None:
        from grader.grade import _db_url

        exercises = class_exercises(_db_url(args.course_dir))
        path = plot_class(exercises, args.out or os.path.join(args.course_dir, "grades_by_exercise.png"))
        print(path or "nothing graded yet: run `make grade` first")
        return 0 if path else 1
    from grader import grade
    from grader.course import assignments, copy_course

    with tempfile.TemporaryDirectory(prefix="class-report-") as tmp:
        copy_course(tmp)
        grade.ensure_in_gradebook(assignments(), tmp)
        synthetic_class(tmp, args.synthetic)
        grade.grade(None, tmp, feedback=False)
        path = plot_class(class_exercises(grade._db_url(tmp)), args.out or "grades_by_exercise.png")
    print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
