"""Hidden checks observed out of the student's reach, attacked through the real `make grade` path.

A probe call in the kernel only hands the student's objects over; the grader runs the probe in an
observer (a sandbox of its own) whose calls of student code run in child processes. These attackers
know a correct solution (each forges a report that would pass its judge) and try to make it count:
from the kernel (the probe replaced, its report published by hand, asserts emptied), from the
observer's child (the report channel, the observer's descriptors and memory, its report list), by
killing the observer, and by leaving a process behind to spoil the next checks. Each must score what
its own handed-over code earns: the forged reports never count, and an attack on the observer costs
that exercise only. The class is graded sandboxed, as root, with two workers.
"""

from __future__ import annotations

import pytest

from tests.attacks import harness as h
from tests.attacks import payloads as p

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("attacks")]

POINTS = h.test_points()
PER_DEVICE = {"per_device_memory_formulas", "per_device_memory_bad_input"}
PARTITION = {"partition_layers_optimal", "partition_layers_bad_input"}


def _solution(grade_id: str) -> str:
    from tools.submissions import solution_text

    source_nb, _ = h.release_and_source()
    cell = next(c for c in source_nb.cells if h._nbgrader_meta(c).get("grade_id") == grade_id)
    return solution_text(cell)


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    world = h.make_world(tmp_path_factory.mktemp("attacks-observation"))
    true_pdm = _solution("per_device_memory")
    students = {
        "aa_honest": h.honest(),
        "o1_replaces_probe": h.empty({"per_device_memory": p.replace_probe_in_kernel(true_pdm, "per_device_memory")}),
        "o2_injects_from_child": h.solved({"per_device_memory": p.inject_from_child(
            true_pdm, "per_device_memory", "ps1_memory.per_device_memory")}),
        "o3_kills_observer": h.solved(append={"partition_layers": p.kill_observer("partition_layers")}),
        "o4_leaves_a_killer": h.solved(append={"training_memory": p.leave_a_killer("training_memory")}),
        "zz_honest": h.honest(),
    }
    try:
        for student, nb in students.items():
            h.hand_in(world, student, nb)
        graded = h.grade(world, h.tools_grade(world, "--workers", "2", "--submission-timeout", "400"))
        graded.students = sorted(students)
        yield graded
    finally:
        h.cleanup(world)


def _lost(run, student) -> set[str]:
    scores = run.scores.get(student, {})
    return {cell for cell, points in POINTS.items() if (scores.get(cell) or 0) < points}


def test_every_submission_is_graded(run):
    assert run.returncode == 0, run.log[-3000:]
    assert set(run.students) <= set(run.scores), (sorted(run.scores), run.log[-3000:])


def test_honest_students_keep_full_marks(run):
    for student in ("aa_honest", "zz_honest"):
        assert not _lost(run, student), (student, run.scores.get(student))


def test_a_probe_replaced_in_the_kernel_reports_nothing_that_counts(run):
    """Its forged report (the real probe body on a correct function, published by the kernel) and the
    emptied asserts earn nothing: the untouched release scores 0."""
    assert run.total("o1_replaces_probe") == 0, run.scores.get("o1_replaces_probe")


def test_a_report_injected_from_the_observers_child_does_not_count(run):
    """Correct reports written into every descriptor of the child and of the observer, and into the
    observer's report list: the exercise whose function raised loses its cells, the rest keep theirs."""
    assert _lost(run, "o2_injects_from_child") == PER_DEVICE, run.scores.get("o2_injects_from_child")


def test_killing_the_observer_costs_that_exercise_only(run):
    assert _lost(run, "o3_kills_observer") == PARTITION, run.scores.get("o3_kills_observer")
    text = run.cell_text("o3_kills_observer")
    assert "died" in text, text[-2000:]


def test_a_process_left_behind_spoils_no_later_check(run):
    """A daemon forked by the student's function, which would kill every process it may a moment later,
    is killed with the call: every later check still runs, and the correct answers keep their points."""
    assert not _lost(run, "o4_leaves_a_killer"), run.scores.get("o4_leaves_a_killer")
