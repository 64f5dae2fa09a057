"""Real `nbgrader autograde` runs: our solution, the untouched release and the submissions corpus.

Each assignment's class (solution + untouched release + every file of tests/submissions/<ps>/) is
graded once per session; the tests below read that one gradebook.
"""

import os

import pytest

from grader import feedback
from tests import grading
from grader.course import assignments

pytestmark = pytest.mark.slow

ASSIGNMENTS = [pytest.param(a, id=a, marks=pytest.mark.xdist_group(a)) for a in assignments()]
#: DISTCOURSE_FULL_CORPUS=1 (make test-full, make check ALL=1): every corpus file; else `grading.cover`: the
#: correct alternatives, the attacks and enough files that every cell is shown to catch a mistake.
FULL_CORPUS = os.environ.get("DISTCOURSE_FULL_CORPUS") == "1"
CORPUS = [
    pytest.param(sub, id=f"{sub.assignment}/{sub.name}", marks=pytest.mark.xdist_group(sub.assignment))
    for name in assignments()
    for sub in (grading.corpus(name) if FULL_CORPUS else grading.cover(name))
]


@pytest.fixture(scope="session")
def graded(request):
    """One class per assignment: the solution, the untouched release and the corpus files that the
    selected tests read (every file in a full run; `-k quiz` grades only the quiz files)."""
    selected = {(params["sub"].assignment, params["sub"].name)
                for item in request.session.items
                for params in [getattr(getattr(item, "callspec", None), "params", {})] if "sub" in params}
    cache = {}

    def get(assignment):
        if assignment not in cache:
            names = [name for a, name in selected if a == assignment]
            try:
                cache[assignment] = grading.grade(assignment, grading.build_submissions(assignment, names))
            except BaseException as exc:  # a timeout too: the class is not graded again by every later test
                cache[assignment] = exc
                raise
        if isinstance(cache[assignment], BaseException):
            pytest.fail(f"grading {assignment}'s class failed in an earlier test: {cache[assignment]!r}"[:2000])
        return cache[assignment]

    return get


def _autograded_cells(assignment):
    source_nb, _ = grading.source_and_release(assignment)
    return grading.test_cell_ids(source_nb)


@pytest.mark.timeout(1800)  # the first test of a group grades its whole class (about 30 notebooks)
@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_solution_gets_full_marks(graded, assignment):
    """The source solution, handed in as a student would, scores every autograded point."""
    cells = graded(assignment).cells["solution"]
    assert set(cells) == set(_autograded_cells(assignment))
    lost = {k: f"{v.score:g}/{v.max_score:g}\n{v.output[-1500:]}" for k, v in cells.items() if v.score < v.max_score}
    assert not lost, f"the solution lost points: {lost}"
    page = _words(graded(assignment).feedback["solution"])  # the grader recorded that every hidden check ran
    assert _words(feedback.PLACEHOLDER) in page and _words(feedback.NOT_RUN) not in page


@pytest.mark.timeout(1800)
@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_untouched_release_gets_zero(graded, assignment):
    """The release as students receive it grades without error and earns nothing."""
    cells = graded(assignment).cells["untouched"]
    assert set(cells) == set(_autograded_cells(assignment)), "the untouched release did not grade every cell"
    earned = {k: v.score for k, v in cells.items() if v.score > 0}
    assert not earned, f"the untouched release earned points in {earned}: a test cell that cannot fail?"


@pytest.mark.parametrize("assignment", assignments())
def test_every_exercise_has_a_wrong_submission(assignment):
    """Each autograded cell is shown to catch at least one realistic mistake in the corpus."""
    caught = {cell for sub in grading.corpus(assignment) for cell in sub.loses}
    missing = set(_autograded_cells(assignment)) - caught
    assert not missing, f"no submission in tests/submissions/{assignment}/ proves these cells can fail: {sorted(missing)}"
    covered = {cell for sub in grading.cover(assignment) for cell in sub.loses}
    assert covered == caught, f"make test's share of the corpus misses cells: {sorted(caught - covered)}"
    kept = {sub.name for sub in grading.cover(assignment)}
    assert all(sub.name in kept for sub in grading.corpus(assignment) if sub.attack or not sub.loses), (
        "every attack and every correct alternative is graded in every test run")


def _words(text: str) -> str:
    """Text compared across the notebook and its HTML rendering, whitespace collapsed."""
    return " ".join(text.split()).lower()


@pytest.mark.timeout(1800)
@pytest.mark.parametrize("sub", CORPUS)
def test_submission_loses_exactly_its_points(graded, sub):
    """A wrong submission loses the points of the exercise it breaks, keeps the rest, and is told why."""
    expected_cells = _autograded_cells(sub.assignment)
    unknown = set(sub.loses) - set(expected_cells)
    assert not unknown, f"{sub.path}: LOSES names cells that are not autograded test cells: {sorted(unknown)}"
    run = graded(sub.assignment)
    cells = run.cells[sub.name]
    for grade_id, result in cells.items():
        if grade_id in sub.loses:
            assert result.score < result.max_score, f"{sub.name}: {grade_id} should lose points ({sub.description})"
            phrase = sub.loses[grade_id]
            # only the error message counts: the cell's source, the instructions and the traceback's
            # source lines would let a phrase pass that the student is never told
            assert phrase.lower() in result.error.lower(), (
                f"{sub.name}: the error message of {grade_id} does not say {phrase!r}; it says:\n{result.error[-2000:]}"
            )
            told = _words(run.feedback.get(sub.name, ""))
            shown = [line for line in result.error.splitlines() if phrase.lower() in line.lower()]
            assert any(_words(line) in told for line in shown), (
                f"{sub.name}: the message saying {phrase!r} is not in the student's HTML feedback")
        else:
            assert result.score == result.max_score, (
                f"{sub.name}: {grade_id} lost points although the submission only breaks {sorted(sub.loses) or 'nothing'}:\n"
                f"{result.output[-2000:]}"
            )
