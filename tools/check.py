"""The one-minute loop for a change to one assignment: `make check A=ps2_ddp`.

    python -m tools.check ps2_ddp                  # after editing source/, probes/, autograders/ or the corpus
    python -m tools.check ps2_ddp --since main     # also corpus files changed in commits since `main`
    python -m tools.check ps2_ddp --all-corpus     # every corpus file (what `make test` does; minutes)

It regenerates the assignment's release, then runs in one pytest session, on two workers:
- the source notebook top to bottom, as at home (solutions, visible and hidden tests, the judges in the kernel),
  which also collects the reports for the cut-observation check below;
- the project checks (clean notebooks, nothing secret released, every hidden test has a probe and a
  judge) and the judge unit tests, including the quiz-hint leak checks;
- the cut-observation check for this assignment: its judges refuse a report with a piece cut out;
- real `nbgrader autograde` of the solution (full marks), the untouched release (zero), and every
  corpus file in tests/submissions/<assignment>/ that is new or changed (not yet committed, or since
  `--since`), each losing exactly the cells its LOSES names, with the phrase in the error message.

When the probe or the judge changed, corpus files that did not change may grade differently too:
the command says so, and `--all-corpus` (or `make test`) regrades them all before you commit.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

from grader.course import ROOT, assignments, use_this_checkout

SUBMISSIONS = os.path.join("tests", "submissions")


def _git(*args: str) -> list[str]:
    proc = subprocess.run(["git", *args], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return proc.stdout.splitlines() if proc.returncode == 0 else []


def changed_files(since: str | None = None) -> set[str]:
    """Paths (relative to the repository) changed and not committed, untracked ones included, or since `since`."""
    paths = {line[3:].split(" -> ")[-1].strip('"') for line in _git("status", "--porcelain", "--untracked-files=all")}
    if since:
        paths |= set(_git("diff", "--name-only", f"{since}...HEAD"))
    return paths


def corpus_to_grade(assignment: str, changed: set[str], everything: bool) -> list[str]:
    """Names of the corpus submissions of `assignment` to grade: those of the changed files that still exist, or
    all (a file may hold several submissions, each named `<file>.<key>`)."""
    from tools.submissions import corpus

    present = sorted(sub.name for sub in corpus(assignment))
    if everything:
        return present
    prefix = f"{SUBMISSIONS}/{assignment}/"
    return [name for name in present if f"{prefix}{name.split('.')[0]}.py" in changed]


def pytest_args(assignment: str, corpus: list[str], workers: int) -> list[str]:
    grading = "tests/test_grading.py"
    nodes = [
        "tests/test_project.py",
        "tests/test_judge.py",
        "tests/test_judges_refuse_partial.py",
        f"{grading}::test_solution_gets_full_marks[{assignment}]",
        f"{grading}::test_untouched_release_gets_zero[{assignment}]",
        f"{grading}::test_every_exercise_has_a_wrong_submission[{assignment}]",
        *(f"{grading}::test_submission_loses_exactly_its_points[{assignment}/{name}]" for name in corpus),
    ]
    return ["-p", "no:cacheprovider", "-q", "-n", str(workers), "--dist", "loadgroup",
            "--nbval-lax", "--nbval-cell-timeout=300", "--sanitize-with", "tests/sanitize.cfg",
            # this command regenerated the release of this assignment itself; the full check is in make test
            "--deselect", "tests/test_project.py::test_release_is_what_nbgrader_generates_from_source",
            *nodes]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("assignment", nargs="?", help="e.g. ps2_ddp")
    parser.add_argument("--since", help="also grade corpus files changed in commits since this git revision")
    parser.add_argument("--all-corpus", action="store_true", help="grade every corpus file of the assignment")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    use_this_checkout()  # kernels, observers and ranks run this checkout's helpers/ and probes/
    known = assignments()
    if args.assignment not in known:
        given = f"{args.assignment!r} is not an assignment" if args.assignment else "no assignment given"
        parser.error(f"{given}; name one of {', '.join(known)}, e.g. make check A={known[0]}")

    from tools import release

    print(f"1. release/{args.assignment} regenerated from source/ (nbgrader generate_assignment)")
    release.generate(names=[args.assignment])
    changed = changed_files(args.since)
    corpus = corpus_to_grade(args.assignment, changed, args.all_corpus)
    touched = [p for p in (f"probes/{args.assignment}.py", f"autograders/{args.assignment}.py") if p in changed]
    print(f"2. checks, and grading of the solution, the untouched release and {len(corpus)} corpus file(s)"
          + (f": {', '.join(corpus)}" if corpus and not args.all_corpus else ""))
    env = dict(os.environ, DISTCOURSE_CHECK_ASSIGNMENTS=args.assignment, DISTCOURSE_FULL_CORPUS="1")
    proc = subprocess.run([sys.executable, "-m", "pytest", *pytest_args(args.assignment, corpus, args.workers)],
                          cwd=ROOT, env=env)
    if touched and not args.all_corpus:
        print(f"\nnote: {' and '.join(touched)} changed, so corpus files that did not change may grade differently "
              f"too: run `make check A={args.assignment} ALL=1` (or make test) before you commit.")
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
