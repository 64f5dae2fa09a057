"""What every probe shares: running the student's code on ranks, and recording their point-to-point messages."""

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


class _WireResult:
    """A rank's function whose result goes back as `probes.wire` data in a JSON string (plain data)."""

    def __init__(self, fn: Callable):
        self.fn = fn

    def __call__(self, *args, **kwargs) -> str:
        import json

        from probes import wire

        return json.dumps(wire.encode(self.fn(*args, **kwargs)))


def _from_wire(exercise: str, result) -> Any:
    import json

    from probes import wire

    try:
        if not isinstance(result, str):
            raise ValueError("not a string")
        return wire.decode(json.loads(result))
    except (ValueError, RecursionError) as exc:
        raise AssertionError(f"{exercise}: what a rank handed back cannot be read by the grader ({exc})") from None


def _last_line(text: str | None) -> str:
    lines = (text or "").strip().splitlines()
    return lines[-1] if lines else ""


def launch(fn: Callable, world_size: int, *args: Any, exercise: str = "your code", **kwargs: Any):
    """`helpers.launch`; in the grader's observer, what the ranks hand back is read as `probes.wire` data,
    never unpickled (the ranks run the student's code)."""
    if not _observer_trusted():
        return helpers.launch(fn, world_size, *args, **kwargs)
    returned = helpers.launch(_WireResult(fn), world_size, *args, untrusted_results=True, **kwargs)
    if kwargs.get("seeds") is not None:
        seeds, results = returned
        return seeds, [_from_wire(exercise, r) for r in results]
    return [_from_wire(exercise, r) for r in returned]


def rank_seeds(world_size: int, home: int) -> list[int] | str:
    """The `seeds` of a launch whose problem no rank may know whole: where the observer grades, each rank
    draws its own from the operating system (`helpers.launch`'s seeds="os"); anywhere else (a notebook at
    home, nbval) rank r gets home + r, so the run repeats."""
    return "os" if _observer_trusted() else [home + r for r in range(world_size)]


def run_ranks_seeded(exercise: str, fn: Callable, world_size: int, *args: Any, home: int, **kwargs: Any):
    """`run_ranks` whose ranks each get a seed of their own (`helpers.drawn_seed()` in the rank, drawn
    where no other rank and nothing the student's code does afterwards can reach it): (seeds, results).

    A rank builds its part of the problem from its seed; the judge rebuilds the whole problem from the
    seeds, which come from the launcher, not from what a rank returned. So a rank that answers for the
    whole problem must have learnt the other parts from the other ranks: by communicating.
    """
    return run_ranks(exercise, fn, world_size, *args, seeds=rank_seeds(world_size, home), **kwargs)


def run_ranks(exercise: str, fn: Callable, world_size: int, *args: Any, timeout: float = RANK_TIMEOUT, **kwargs: Any) -> list:
    """`helpers.launch` for probes: a crash or a hang becomes an AssertionError about `exercise`.

    The message keeps the rank's own error (an AssertionError raised inside the rank reads exactly
    as it would in one process) and adds which rank it came from.
    """
    try:
        return launch(fn, world_size, *args, backend="auto", timeout=timeout, exercise=exercise, **kwargs)
    except helpers.LaunchTimeout as exc:
        raise AssertionError(
            f"{exercise}: your code did not finish within {timeout:g} s on {world_size} ranks and was stopped. "
            f"Ranks {exc.running} were still running" + (f" while ranks {exc.waiting} had finished" if exc.waiting else "")
            + ". This is the sign of a collective (all_reduce, broadcast, send/recv, ...) that only some ranks call, "
            "or of ranks running different numbers of steps."
        ) from None
    except helpers.RankError as exc:
        if exc.exc_type == "AssertionError":
            detail = str(exc.exception) if exc.exception is not None else _last_line(exc.remote_traceback).removeprefix(
                "AssertionError: ")
            raise AssertionError(f"{exercise} (rank {exc.rank} of {world_size}): {detail}") from None
        last = exc.remote_traceback.strip().splitlines()[-1] if exc.remote_traceback else exc.exc_type
        raise AssertionError(f"{exercise}: your code crashed on rank {exc.rank} of {world_size}: {last}") from None


# --------------------------------------------------------------------------- point-to-point messages


class P2PLog:
    """Records this rank's point-to-point messages where every API ends: the process group's own send
    and recv (dist.send, isend, recv, irecv and batch_isend_irecv with P2POp all call them).

    Nothing a student calls is replaced: `dist.isend` stays the function `dist.P2POp` checks for by
    identity. With `path`, each call is also appended to that file as it starts, with an end line
    when the rank returns, so the record survives a rank that hangs and is killed.
    """

    def __init__(self, path=None):
        self.calls = []  # [op, peer, shape]: op "send" or "recv", peer None for a recv from any rank
        self.path = path

    def _note(self, op, peer, tensors):
        call = [op, None if peer is None else int(peer), list(tensors[0].shape) if tensors else []]
        self.calls.append(call)
        if self.path:
            with open(self.path, "a") as fh:
                fh.write(" ".join(map(str, [call[0], call[1], *call[2]])) + "\n")

    def end(self, what: str) -> None:
        if self.path:
            with open(self.path, "a") as fh:
                fh.write(f"end {what}\n")

    @property
    def sends(self) -> dict:
        """{destination: number of messages sent to it}"""
        to = {}
        for op, peer, _ in self.calls:
            if op == "send":
                to[peer] = to.get(peer, 0) + 1
        return to

    def __enter__(self):
        import torch.distributed as dist

        group = dist.ProcessGroup
        self._saved = group.send, group.recv, group.recv_anysource
        real_send, real_recv, real_any = self._saved
        log = self

        def send(pg, tensors, dst, *args, **kwargs):
            log._note("send", dst, tensors)
            return real_send(pg, tensors, dst, *args, **kwargs)

        def recv(pg, tensors, src, *args, **kwargs):
            log._note("recv", src, tensors)
            return real_recv(pg, tensors, src, *args, **kwargs)

        def recv_anysource(pg, tensors, *args, **kwargs):
            log._note("recv", None, tensors)
            return real_any(pg, tensors, *args, **kwargs)

        group.send, group.recv, group.recv_anysource = send, recv, recv_anysource
        return self

    def __exit__(self, *exc):
        import torch.distributed as dist

        dist.ProcessGroup.send, dist.ProcessGroup.recv, dist.ProcessGroup.recv_anysource = self._saved


def p2p_directions(calls, rank: int) -> str:
    """This rank's sends and receives (`P2PLog.calls`) in the order it issued them, in a chain of stages: "F"
    for the forward direction (from rank - 1, to rank + 1), "B" for the backward one, "?" for another rank."""
    def direction(op, peer):
        if (op, peer) in (("recv", rank - 1), ("send", rank + 1)):
            return "F"
        return "B" if (op, peer) in (("recv", rank + 1), ("send", rank - 1)) else "?"

    return "".join(direction(op, peer) for op, peer, _ in calls)
