"""What every probe shares: running the student's code on ranks."""

from __future__ import annotations

from typing import Any, Callable

import helpers

#: Seconds a multi-process check may take before the submission is judged to hang. Far below
#: nbgrader's per-cell timeout, so a deadlock costs the cell, never the grading run.
RANK_TIMEOUT = 30.0


def _observer_trusted() -> bool:
    import sys

    observer = sys.modules.get("probes.observer")
    return observer is not None and observer.trusted()


def run_ranks(exercise: str, fn: Callable, world_size: int, *args: Any, timeout: float = RANK_TIMEOUT, **kwargs: Any) -> list:
    """`helpers.launch` for probes: a crash or a hang becomes an AssertionError about `exercise`.

    The message keeps the rank's own error (an AssertionError raised inside the rank reads exactly
    as it would in one process) and adds which rank it came from.
    """
    if _observer_trusted():  # the grader's observer: what a rank hands back is data, never unpickled here
        import inspect

        if "untrusted_results" not in inspect.signature(helpers.launch).parameters:
            raise RuntimeError("helpers.launch cannot read untrusted results: the observer refuses to launch")
        kwargs = {**kwargs, "untrusted_results": True}
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
