"""Judges of `ps0`, the small assignment the course's own tests grade (see probes.selftest)."""

from __future__ import annotations


def _returned(observation, call: str):
    result = observation["outcome"]
    if "raised" in result:
        raise AssertionError(f"{call} raised {result['raised'].name}: {result['raised'].message}")
    return result["returned"]


def judge_add(observation) -> None:
    a, b = observation["a"], observation["b"]
    got = _returned(observation, f"add({a!r}, {b!r})")
    if got != a + b:
        raise AssertionError(f"add({a!r}, {b!r}) returned {got!r}: not the sum")


def judge_square(observation) -> None:
    x = observation["x"]
    got = _returned(observation, f"square({x!r})")
    if got != x * x:
        raise AssertionError(f"square({x!r}) returned {got!r}: not x times x")


def judge_world_sum(observation) -> None:
    n, results = observation["world_size"], observation["results"]
    if not isinstance(results, list) or len(results) != n:
        raise AssertionError(f"world_sum: {n} ranks should return {n} results")
    if any(r != n * (n + 1) / 2 for r in results):
        raise AssertionError(f"world_sum returned {results} on {n} ranks: every rank must return the sum of rank + 1")


def judge_wide_sum(observation) -> None:
    got = _returned(observation, "wide_sum(x)")
    if got != observation["expected"]:
        raise AssertionError(f"wide_sum(x) returned {got!r}, not {observation['expected']!r}: the sum of 2 x")


def judge_call_twice(observation) -> None:
    first, second = observation["outcome"]
    _returned({"outcome": first}, "fn(0)")
    if _returned({"outcome": second}, "fn(1)") is not False:
        raise AssertionError("fn(1) found what fn(0) left behind")


def judge_answer(observation) -> None:
    """fn() must return 42. A returned positive int n also costs this judge sum(range(n)), one C call: the
    stand-in for a judge whose time the student's value chooses (a set() of keys that share a hash took
    229 CPU-s in attack round 20), which nothing inside its process can interrupt: only the judges' room
    (grader.judge.Room), killed from outside, stops it."""
    got = _returned(observation, "fn()")
    if isinstance(got, int) and not isinstance(got, bool) and got > 0:
        sum(range(got))
    if got != 42:
        raise AssertionError(f"fn() returned {got!r}, not 42")
