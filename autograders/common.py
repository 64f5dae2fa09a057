"""What every grader module shares: running student code on ranks, comparing tensors, quizzes."""

from __future__ import annotations

from typing import Any, Callable

import torch

import helpers

#: Seconds a multi-process check may take before the submission is judged to hang. Far below
#: nbgrader's per-cell timeout, so a deadlock costs the cell, never the grading run.
RANK_TIMEOUT = 30.0


def run_ranks(exercise: str, fn: Callable, world_size: int, *args: Any, timeout: float = RANK_TIMEOUT, **kwargs: Any) -> list:
    """`helpers.launch` for graders: a crash or a hang becomes an AssertionError about `exercise`.

    The message keeps the rank's own error (an AssertionError raised by a check inside the rank
    reads exactly as it would in one process) and adds which rank it came from.
    """
    try:
        return helpers.launch(fn, world_size, *args, backend="auto", timeout=timeout, **kwargs)
    except helpers.LaunchTimeout as exc:
        raise AssertionError(
            f"{exercise}: your code did not finish within {timeout:g} s on {world_size} ranks and was stopped. "
            f"Ranks {exc.running} were still running" + (f" while ranks {exc.waiting} had finished" if exc.waiting else "")
            + ". This is the sign of a collective (all_reduce, broadcast, send/recv, ...) that only some ranks call, "
            "or of ranks running different numbers of steps."
        ) from None
    except helpers.RankError as exc:
        if exc.exc_type == "AssertionError":
            detail = str(exc.exception) if exc.exception is not None else exc.remote_traceback.strip().splitlines()[-1]
            raise AssertionError(f"{exercise} (rank {exc.rank} of {world_size}): {detail}") from None
        last = exc.remote_traceback.strip().splitlines()[-1] if exc.remote_traceback else exc.exc_type
        raise AssertionError(f"{exercise}: your code crashed on rank {exc.rank} of {world_size}: {last}") from None


def assert_tensors_close(actual, expected, what: str, rtol: float = 1e-5, atol: float = 1e-6) -> None:
    """Assert two tensors match, with a message that says how far apart they are (and the ratio)."""
    if not isinstance(actual, torch.Tensor):
        raise AssertionError(f"{what}: expected a tensor, got {type(actual).__name__}")
    if tuple(actual.shape) != tuple(expected.shape):
        raise AssertionError(f"{what}: shape {tuple(actual.shape)}, expected {tuple(expected.shape)}")
    actual, expected = actual.detach().double().cpu(), expected.detach().double().cpu()
    if not torch.allclose(actual, expected, rtol=rtol, atol=atol):
        diff = (actual - expected).abs().max().item()
        msg = f"{what}: values differ from the reference (largest difference {diff:.3g})"
        denom = expected.abs().sum().item()
        if denom > 0:
            ratio = (actual.abs().sum() / denom).item()
            if abs(ratio - 1) > 1e-3:
                msg += f"; on average yours are {ratio:.3g}x the reference"
        raise AssertionError(msg)


def check_choice(question: str, answer: Any, key: str, explanation: str, choices: str = "abcd") -> None:
    """Grade one multiple-choice answer. The explanation is shown only when the answer is wrong."""
    if not isinstance(answer, str) or answer.strip().lower() not in choices:
        raise AssertionError(f"{question}: answer with one letter of {', '.join(choices)} (as a string), not {answer!r}")
    if answer.strip().lower() != key:
        raise AssertionError(f"{question}: {answer!r} is not right. Hint: {explanation}")
