"""The trusted half of every hidden check: decide from what the student's code did.

`probes.report` publishes an observation in the cell's outputs; `judge_cell`, called by
`autograders.execute.ResilientExecute` in the grader's own process after each cell, reads it back
with `decode` (data only: no pickle, nothing the student wrote is ever run here), calls the
assignment's `judge_<name>` and turns a failed judgement into an error in the cell, which is what
nbgrader scores as zero. The test cells' source comes from the course's source notebook, so the
checks a cell must report are known whatever the submission did: a probe that never reported (code
in the notebook replaced or silenced it) fails the cell.
"""

from __future__ import annotations

import base64
import contextlib
import importlib
import re
import signal
import threading
from typing import Any

from nbformat import NotebookNode

from probes import MIME

_DTYPES = {"float64", "float32", "float16", "bfloat16", "int64", "int32", "int16", "int8", "uint8", "bool",
           "complex64", "complex128"}
_MAX_DEPTH = 40
_MAX_ELEMENTS = 50_000_000
#: Seconds one judgement may take. The judge runs outside the cell, so nbgrader's cell timeout does
#: not cover it: an observation built to make it slow costs its cell, not the submission.
JUDGE_TIMEOUT = 60.0
HIDDEN = re.compile(r"### BEGIN HIDDEN TESTS(.*?)### END HIDDEN TESTS", re.S)
# `from probes import ps1_memory as probe` ... `probe.training_memory(...)`: the checks a cell runs
_IMPORT = re.compile(r"^\s*from probes import (\w+) as (\w+)\s*$", re.M)


class Raised:
    """An exception the student's code raised: its class names (most derived first) and message."""

    def __init__(self, names: list[str], message: str):
        self.names, self.message = list(names), message

    @property
    def name(self) -> str:
        return self.names[0]

    def isa(self, name: str) -> bool:
        return name in self.names

    def __repr__(self) -> str:
        return f"{self.name}({self.message!r})"


class Opaque:
    """A value the probe could not carry over (an object of the student's): its type name and repr."""

    def __init__(self, type_name: str, text: str):
        self.type_name, self.text = type_name, text

    def __repr__(self) -> str:
        return self.text


def decode(obj: Any, _depth: int = 0) -> Any:
    """Read back what `probes.encode` wrote. Raises ValueError on anything it did not write."""
    import torch

    if _depth > _MAX_DEPTH:
        raise ValueError("observation nested too deeply")
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if isinstance(obj, list):
        return [decode(v, _depth + 1) for v in obj]
    if not isinstance(obj, dict) or len(obj) == 0:
        raise ValueError(f"not an observation: {type(obj).__name__}")
    if "__tensor__" in obj:
        dtype, shape, data = obj["__tensor__"], obj.get("shape"), obj.get("data")
        if dtype not in _DTYPES or not isinstance(shape, list) or not all(isinstance(s, int) and s >= 0 for s in shape):
            raise ValueError(f"bad tensor in observation: dtype {dtype!r}, shape {shape!r}")
        dt = getattr(torch, dtype)
        numel = 1
        for s in shape:
            numel *= s
        if numel > _MAX_ELEMENTS:
            raise ValueError(f"tensor of {numel} elements in observation")
        raw = base64.b64decode(data or "", validate=True)
        if len(raw) != numel * torch.empty((), dtype=dt).element_size():
            raise ValueError("tensor bytes do not match its shape")
        if numel == 0:
            return torch.empty(shape, dtype=dt)
        return torch.frombuffer(bytearray(raw), dtype=torch.uint8).view(dt).reshape(shape).clone()
    if "__tuple__" in obj:
        return tuple(decode(v, _depth + 1) for v in _list(obj["__tuple__"]))
    if "__dict__" in obj:
        out = {}
        for pair in _list(obj["__dict__"]):
            if not isinstance(pair, list) or len(pair) != 2:
                raise ValueError("bad dict entry in observation")
            key = decode(pair[0], _depth + 1)
            try:
                out[key] = decode(pair[1], _depth + 1)
            except TypeError:  # an unhashable key
                raise ValueError("unhashable dict key in observation") from None
        return out
    if "__range__" in obj:
        bounds = _list(obj["__range__"])
        if len(bounds) != 3 or not all(isinstance(b, int) and not isinstance(b, bool) for b in bounds):
            raise ValueError("bad range in observation")
        return range(*bounds)
    if "__float__" in obj:
        return float(str(obj["__float__"]))
    if "__exception__" in obj:
        names = _list(obj["__exception__"])
        if not names or not all(isinstance(n, str) for n in names):
            raise ValueError("bad exception in observation")
        return Raised(names, str(obj.get("message", "")))
    if "__object__" in obj:
        return Opaque(str(obj["__object__"]), str(obj.get("repr", "")))
    raise ValueError(f"not an observation: keys {sorted(obj)[:5]}")


def _list(value) -> list:
    if not isinstance(value, list):
        raise ValueError("bad observation")
    return value


def type_name(value: Any) -> str:
    """The type name of a decoded value as the student's code saw it."""
    return value.type_name if isinstance(value, Opaque) else type(value).__name__


def run(check: str, observation: Any) -> None:
    """Judge one observation: returns if right, raises AssertionError with the student's message if not."""
    module, _, name = check.partition(".")
    if not re.fullmatch(r"\w+", module or "") or not re.fullmatch(r"\w+", name or ""):
        raise ValueError(f"bad check name {check!r}")
    judge = getattr(importlib.import_module(f"autograders.{module}"), f"judge_{name}", None)
    if judge is None:
        raise ValueError(f"autograders.{module} has no judge_{name}")
    judge(observation)


def required_checks(source: str) -> list[str]:
    """The checks a test cell's (trusted) source runs: "<assignment>.<name>" for each probe call."""
    found = []
    for module, alias in _IMPORT.findall(source):
        for name in re.findall(rf"^\s*{re.escape(alias)}\.(\w+)\(", source, re.M):
            found.append(f"{module}.{name}")
    return found


def _error(ename: str, evalue: str) -> NotebookNode:
    return NotebookNode(output_type="error", ename=ename, evalue=evalue, traceback=[f"{ename}: {evalue}"])


def judge_cell(cell: NotebookNode, log=None) -> None:
    """Judge the observations in a code cell's outputs and put each failure where its probe reported.

    Observations are removed from the outputs (the feedback never shows them). A failed judgement
    becomes an error output in the observation's place, so a hidden check that runs before the
    visible tests of its cell explains the mistake first, as it would have in one process.
    """
    if cell.get("cell_type") != "code":
        return
    outputs = list(cell.get("outputs", []))
    is_observation = [isinstance(o.get("data"), dict) and MIME in o["data"] for o in outputs]
    meta = cell.get("metadata", {}).get("nbgrader", {})
    required = required_checks(cell.get("source", "")) if meta.get("grade") and not meta.get("solution") else []
    verdicts: dict[int, NotebookNode] = {}
    seen = set()
    for index, output in enumerate(outputs):
        if not is_observation[index]:
            continue
        payload = output["data"][MIME]
        check = payload.get("check") if isinstance(payload, dict) else None
        if check not in required:
            continue  # observations outside a test cell, or for another check, are dropped unjudged
        seen.add(check)
        error = _verdict(check, payload.get("observation"), log)
        if error is not None:
            verdicts[index] = error
            break  # one failure is enough to lose the cell; later observations are not judged
    cell.outputs = [verdicts[i] if i in verdicts else o for i, o in enumerate(outputs) if not is_observation[i] or i in verdicts]
    failed = any(o.get("output_type") == "error" for o in cell.outputs)
    missing = [c for c in required if c not in seen]
    if missing and not failed:  # a probe that raised already failed the cell; one that was silenced did not
        cell.outputs.append(_error("AssertionError", (
            f"the hidden check {missing[0].split('.', 1)[1]} reported no result: something in this notebook "
            "replaced, silenced or skipped the grading code")))


class _JudgeTimeout(Exception):
    pass


@contextlib.contextmanager
def _time_limit(seconds: float):
    """Raise _JudgeTimeout after `seconds` (SIGALRM: only in the main thread, where nbgrader runs us)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum, frame):
        raise _JudgeTimeout

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _verdict(check: str, observation, log) -> NotebookNode | None:
    try:
        with _time_limit(JUDGE_TIMEOUT):
            run(check, decode(observation))
    except _JudgeTimeout:
        return _error("AssertionError", (
            f"judging what the hidden check {check.split('.', 1)[1]} observed took longer than {JUDGE_TIMEOUT:g} s "
            "and was stopped: your code returned far more than was asked for"))
    except AssertionError as exc:
        return _error("AssertionError", str(exc))
    except Exception as exc:  # noqa: BLE001 - a malformed observation fails the cell, not the grader
        if log is not None:
            log.warning("judging %s failed: %s: %s", check, type(exc).__name__, exc)
        return _error("AssertionError", (
            f"the hidden check {check.split('.', 1)[1]} could not read what your code produced "
            f"({type(exc).__name__}: {exc})"))
    return None
