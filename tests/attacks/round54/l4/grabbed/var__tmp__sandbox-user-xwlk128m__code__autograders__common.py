"""What every judge shares: pairing cases with observations, comparing tensors, quizzes."""

from __future__ import annotations

import math
import numbers

import torch


def observed(cases, results) -> list:
    """Pair the judge's own rebuilt cases with the probe's results, refusing a partial observation."""
    cases = list(cases)
    if not isinstance(results, list) or len(results) != len(cases):
        got = len(results) if isinstance(results, list) else type(results).__name__
        raise AssertionError(f"the observation holds {got} results for {len(cases)} cases: the grading code was changed")
    return list(zip(cases, results))


#: How far a notebook's own helper may be from the reference and still be "the student's measurement,
#: with a mistake" (a term left out, 4 bytes a parameter instead of 16) when a later exercise is graded
#: against it: a made-up stand-in that only serves to fit an answer (0, 1e18, the batch size) is not.
REALISTIC_FACTOR = 8.0


def realistic(own, reference) -> bool:
    """own is a finite number within REALISTIC_FACTOR of a positive reference (both ways)."""
    return (isinstance(own, numbers.Real) and not isinstance(own, bool) and math.isfinite(own) and reference > 0
            and reference / REALISTIC_FACTOR <= own <= reference * REALISTIC_FACTOR)


def numbers_close(a, b) -> bool:
    """a is a real number (not a bool) equal to b up to float rounding."""
    return isinstance(a, numbers.Real) and not isinstance(a, bool) and math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-6)


def tensors_close(a: torch.Tensor, b: torch.Tensor, rtol=1e-4, atol=1e-6) -> bool:
    """allclose in float64 on CPU, whatever the two tensors' dtype and device, and never by broadcasting: two
    tensors of different shapes are not close (torch.allclose broadcasts, and an empty tensor of shape
    (0, 1, 1, 1, 1) was "close" to every gradient: round 10 earned 9 points of ps3 with it)."""
    if tuple(a.shape) != tuple(b.shape):
        return False
    return torch.allclose(a.detach().double().cpu(), b.detach().double().cpu(), rtol=rtol, atol=atol)


def same_shape_close(a, b, rtol=1e-4, atol=1e-6) -> bool:
    """tensors_close, False for anything that is not a tensor of b's shape (a student's value)."""
    return isinstance(a, torch.Tensor) and tuple(a.shape) == tuple(b.shape) and tensors_close(a, b, rtol, atol)


def on_rank_error(exercise: str, rank: int, world: int, detail: str) -> AssertionError:
    """The error a failed assert inside rank `rank` produced (as probes.common.run_ranks words it)."""
    return AssertionError(f"{exercise} (rank {rank} of {world}): {detail}")


def rank_seeds(seeds, world: int, exercise: str) -> list[int]:
    """The seeds the ranks of one launch drew (`probes.common.run_ranks_seeded`), checked: one int per rank.

    The judge rebuilds the whole problem from them; a rank built only its own part of it."""
    if (not isinstance(seeds, list) or len(seeds) != world
            or not all(isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in seeds)):
        raise AssertionError(f"{exercise}: the seeds of the {world} ranks are missing from the observation: "
                             "the grading code was changed")
    return seeds


def judged_on_rank(exercise: str, rank: int, world: int, check, *args) -> None:
    """Run one rank's judgement; a failure reads as it did when the rank itself raised it."""
    try:
        check(*args)
    except AssertionError as exc:
        raise on_rank_error(exercise, rank, world, str(exc)) from None


def forward_after_backward(order, what: str) -> bool:
    """Whether a rank's point-to-point messages, in the order it issued them ("F": an activation, forward;
    "B": a gradient, backward), hold a forward message after its first backward one: a gradient posted, sent
    or received before the last activation. An order that is not a non-empty string was cut: refused."""
    if not isinstance(order, str) or not order:
        raise AssertionError(f"{what}: the observation of the ranks' messages is incomplete: the grading code was changed")
    return "B" in order and "F" in order[order.index("B"):]


def off(got, right) -> str:
    """How a number the student's code gave differs from the right one, without saying the right one.

    Feedback is read again after every resubmission: a message that printed the reference would hand
    over what the student must compute. Saying which way the answer is off is enough to act on.
    """
    if not isinstance(got, numbers.Real) or isinstance(got, bool):
        return f"{got!r} is not a number"
    if got > right:
        return f"{got:,} is too large"
    if got < right:
        return f"{got:,} is too small"
    return f"{got:,} is right"


def assert_tensors_close(actual, expected, what: str, rtol: float = 1e-5, atol: float = 1e-6) -> None:
    """Assert two tensors match, with a message that says how far apart they are (and the ratio)."""
    if not isinstance(actual, torch.Tensor):
        raise AssertionError(f"{what}: expected a tensor, got {type(actual).__name__}")
    if tuple(actual.shape) != tuple(expected.shape):
        raise AssertionError(f"{what}: shape {tuple(actual.shape)} is not the shape of the right result "
                             f"({'fewer' if actual.dim() < expected.dim() else 'more' if actual.dim() > expected.dim() else 'as many'} "
                             "dimensions than it should have)")
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


def judge_choice(keys: dict, observation, choices: str = "abcd") -> None:
    """Grade one multiple-choice answer reported by a probe's `quiz(question, answer)`.

    `keys` maps each question to (right letter, hint) or (right letter, hint, {wrong letter: why}).
    A wrong answer is told why its own choice is wrong (where the key says) and then the hint.
    Feedback is read again before every resubmission, and with four choices a hint that states the
    right letter, number or statement hands the point over: hints name the concept, the lecture
    section or an experiment to run (tests/test_judge.py checks every wrong letter's message).
    """
    question, answer = observation["question"], observation["answer"]
    if question not in keys:
        raise AssertionError(f"there is no quiz question {question!r}")
    key, hint, *why = keys[question]
    if not isinstance(answer, str) or len(answer.strip()) != 1 or answer.strip().lower() not in choices:
        raise AssertionError(f"{question}: answer with one letter of {', '.join(choices)} (as a string), not {answer!r}")
    letter = answer.strip().lower()
    if letter != key:
        because = why[0].get(letter) if why else None
        raise AssertionError(f"{question}: {answer!r} is not right. " + (f"{because} " if because else "") + f"Hint: {hint}")
