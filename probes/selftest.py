"""Probes of `ps0`, the small assignment the course's own tests grade (tests/): not part of the course.

The grading machinery (grader.execute, judge, scores, grader/grade.py) is tested on classes of
tiny submissions that must grade in seconds; their hidden checks go through a probe and a judge
(`autograders.selftest`) exactly as the course's do. Each probe binds the literal arguments of its
call by name in what it reports (`probe.square(square, 3)` reports {"x": 3, ...}), so the grader can
tell which call a report answers.
"""

from __future__ import annotations

from probes import check, outcome, report


@check
def add(fn, a, b) -> None:
    report("selftest.add", {"a": a, "b": b, "outcome": outcome(fn, a, b)})


@check
def square(fn, x) -> None:
    report("selftest.square", {"x": x, "outcome": outcome(fn, x)})


@check
def world_sum(fn, world_size: int = 2, timeout: float = 8.0) -> None:
    """fn() on `world_size` ranks; a hang or a crash fails here, in words (see probes.common.run_ranks)."""
    from probes.common import run_ranks  # torch and the launcher, only for the check that needs ranks

    results = run_ranks("world_sum", fn, world_size, timeout=timeout)
    report("selftest.world_sum", {"world_size": world_size, "timeout": timeout, "results": results})


@check
def wide_sum(fn) -> None:
    """fn(x) on a tensor large enough that torch splits an operation on it over threads, after this process
    ran such an operation itself (as a judge's reference or a model's parameters copied back do)."""
    import torch

    x = torch.ones(256, 16384)
    expected = float((x * 2).sum())
    report("selftest.wide_sum", {"expected": expected, "outcome": outcome(fn, x)})


@check
def call_twice(fn) -> None:
    """fn(0), then fn(1), in one check, each in a child of its own: what the first call left behind must be
    gone when the second runs (probes.observer._sweep)."""
    report("selftest.call_twice", {"outcome": [outcome(fn, 0), outcome(fn, 1)]})


@check
def answer(fn) -> None:
    """fn()'s return, as it is (for autograders.selftest.judge_answer, the judges' room's fixture)."""
    report("selftest.answer", {"outcome": outcome(fn)})
