"""The trusted half of every hidden check: decide from what the student's code did.

`probes.report` publishes an observation as a display message; `grader.execute.ResilientExecute`
takes it out of the message stream in the grader's own process (it never enters the notebook) and,
after each cell, `judge_cell` reads it back with `decode` (data only: no pickle, nothing the student
wrote is ever run here), binds it to its probe call in the cell's trusted source (`probe_calls`:
nbgrader restores test cells from the course's own source, so which checks a cell runs, with which
literal arguments, is known whatever the submission did), calls the assignment's `judge_<name>` and
returns a `Verdict`. The verdict, not anything the kernel printed, decides the cell's score
(`grader.scores`); a failure is also written into the cell for the student to read.
"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import importlib
import inspect
import re
import signal
import threading
from typing import Any

from nbformat import NotebookNode

from probes.wire import HIDDEN_TESTS, MIME, Opaque, Raised, decode, type_name  # noqa: F401 - the judges import these from here

#: Seconds one judgement may take. The judge runs outside the cell, so nbgrader's cell timeout does
#: not cover it: an observation built to make it slow costs its cell, not the submission.
JUDGE_TIMEOUT = 60.0
HIDDEN = HIDDEN_TESTS


#: Modules of autograders/ that hold no judges (the helpers the judges share).
_NOT_JUDGES = {"common"}


def preload(assignment: str | None = None) -> None:
    """Import the judges (of one assignment, or all) and what their first judgement would pay for.

    torch, the judge modules and torch._dynamo (which torch.optim imports on the first optimizer
    step) take seconds to import: the warm grader (grader.forkserver) pays for them once per
    run, before it forks a process per submission. A module that does not import is left for `run`
    to report in the cell that needs it.
    """
    import pkgutil

    import torch

    import autograders

    names = [assignment] if assignment else [m.name for m in pkgutil.iter_modules(autograders.__path__)
                                              if m.name not in _NOT_JUDGES]
    for name in names:
        if re.fullmatch(r"\w+", name or ""):
            try:
                importlib.import_module(f"autograders.{name}")
            except Exception:  # noqa: BLE001 - reported where it is needed, by run()
                pass
    weight = torch.zeros(2, requires_grad=True)
    for optimizer in (torch.optim.SGD([weight], lr=0.1, momentum=0.9), torch.optim.Adam([weight])):
        weight.sum().backward()
        optimizer.step()


def run(check: str, observation: Any) -> None:
    """Judge one observation: returns if right, raises AssertionError with the student's message if not."""
    module, _, name = check.partition(".")
    if not re.fullmatch(r"\w+", module or "") or not re.fullmatch(r"\w+", name or ""):
        raise ValueError(f"bad check name {check!r}")
    judge = getattr(importlib.import_module(f"autograders.{module}"), f"judge_{name}", None)
    if judge is None:
        raise ValueError(f"autograders.{module} has no judge_{name}")
    judge(observation)


@dataclasses.dataclass(frozen=True)
class ProbeCall:
    """One probe call in a test cell's trusted source: its check and the literal arguments it binds.

    `probe.quiz("q1", q1)` is ProbeCall("ps1_memory.quiz", {"question": "q1"}): the report it makes
    must be for that check, and say question "q1". Arguments that are not literals (the student's
    function, an answer variable) bind nothing.
    """

    check: str
    literals: dict = dataclasses.field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.check.split(".", 1)[1]


class Unverifiable(ValueError):
    """A graded test cell whose checks the grader cannot tell from its source."""


_NOT_LITERAL = object()


def _probe_function(module: str, name: str):
    """The grader's own copy of a probe function (for its signature: which argument is which)."""
    if not re.fullmatch(r"\w+", module) or not re.fullmatch(r"\w+", name):
        raise Unverifiable(f"bad probe name probes.{module}.{name}")
    try:
        fn = getattr(importlib.import_module(f"probes.{module}"), name)
    except (ImportError, AttributeError):
        raise Unverifiable(f"the cell calls probes.{module}.{name}, which does not exist") from None
    if not callable(fn):
        raise Unverifiable(f"probes.{module}.{name} is not a function")
    return fn


def probe_calls(source: str) -> list[ProbeCall]:
    """The probe calls of a test cell's (trusted) source, in order, with the literals each binds.

    A probe is imported as `from probes import <assignment> [as <alias>]` and called as a statement
    of its own at the top level of the cell (`probe.check(...)`), so each call runs exactly once and
    makes exactly one report. Anything else that touches a probe (a call in a loop, a condition or a
    function, a starred argument) raises Unverifiable: the grader could not tell how many reports,
    or which, the cell makes.
    """
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        raise Unverifiable(f"the test cell's source does not parse ({exc.msg}, line {exc.lineno})") from None
    aliases = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "probes" and node.level == 0:
            for name in node.names:
                aliases[name.asname or name.name] = name.name
    if not aliases:
        return []
    top = {id(stmt.value) for stmt in tree.body if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)}
    calls = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name) and node.func.value.id in aliases):
            continue
        module, name = aliases[node.func.value.id], node.func.attr
        if id(node) not in top:
            raise Unverifiable(f"probes.{module}.{name} is called inside an expression, loop, condition or function "
                               f"(line {node.lineno}): a probe call must be a statement of its own")
        if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords):
            raise Unverifiable(f"probes.{module}.{name} is called with *args or **kwargs (line {node.lineno})")
        args = [_literal(a) for a in node.args]
        kwargs = {k.arg: _literal(k.value) for k in node.keywords}
        try:
            bound = inspect.signature(_probe_function(module, name)).bind(*args, **kwargs)
        except TypeError as exc:
            raise Unverifiable(f"probes.{module}.{name} is called with the wrong arguments (line {node.lineno}): {exc}") from None
        literals = {k: v for k, v in bound.arguments.items() if v is not _NOT_LITERAL}
        calls.append((node.lineno, node.col_offset, ProbeCall(f"{module}.{name}", literals)))
    return [call for _, _, call in sorted(calls, key=lambda c: c[:2])]


def _literal(node):
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return _NOT_LITERAL


def required_checks(source: str) -> list[str]:
    """The checks a test cell's (trusted) source runs: "<assignment>.<name>" for each probe call."""
    return [call.check for call in probe_calls(source)]


#: The longest message a hidden check writes into a cell. Judges quote the student's values, so without a cap
#: five quiz answers of 10 million characters each made a 40 kB hand-in a 95 MiB graded notebook and a 48 MiB
#: feedback page (attack round 12): what the kernel prints is capped as it arrives, this is the grader's own.
MAX_MESSAGE_CHARS = 10_000


def _error(ename: str, evalue: str) -> NotebookNode:
    evalue = str(evalue)
    if len(evalue) > MAX_MESSAGE_CHARS:
        evalue = f"{evalue[:MAX_MESSAGE_CHARS]} ... [{len(evalue) - MAX_MESSAGE_CHARS:,} more characters cut by the grader]"
    return NotebookNode(output_type="error", ename=ename, evalue=evalue, traceback=[f"{ename}: {evalue}"])


def is_test_cell(cell) -> bool:
    """A graded code cell that is not an answer: nbgrader restores its source from the course's own."""
    meta = cell.get("metadata", {}).get("nbgrader", {})
    return (cell.get("cell_type") == "code" and bool(meta.get("grade")) and not meta.get("solution")
            and isinstance(meta.get("grade_id"), str))  # nbgrader drops the id of a cell it does not know


@dataclasses.dataclass
class Verdict:
    """What the grader decided about one test cell, kept in the grader's memory (never in the notebook).

    `passed` is True only when every probe call of the cell's trusted source reported exactly once,
    bound to its call, and its judge found it right. Whether the cell raised is decided later, from
    what the cell recorded (an error can only lower a score).
    """

    passed: bool
    reason: str = ""
    checks: int = 0


NO_PROBE_REASON = (
    "this test cell has no hidden check that the grader can judge (no probe call in its source), so it cannot "
    "be verified outside the kernel and scores 0; the course's tests require one in every graded test cell")


def observations_in(outputs) -> tuple[list[tuple[int, Any]], list]:
    """(position, payload) of every observation among outputs, and the outputs without them."""
    found, kept = [], []
    for output in outputs:
        data = output.get("data")
        if isinstance(data, dict) and MIME in data:
            found.append((len(kept), data[MIME]))
        else:
            kept.append(output)
    return found, kept


def judge_cell(cell: NotebookNode, log=None, observations: list | None = None) -> Verdict | None:
    """Judge a test cell's reports against its trusted source; put each failure where its probe reported.

    `observations` are (position among the cell's outputs, payload) pairs, as the grader received them
    (grader.execute keeps them out of the notebook); without it they are taken out of the outputs.
    Observations are never left in the outputs (the feedback never shows them). The k-th report must
    answer the k-th probe call of the cell's trusted source: same check, the call's literal arguments
    repeated in the observation under their parameter names, one report per call, none extra. A failed
    judgement becomes an error output in the report's place, so a hidden check that runs before the
    visible tests of its cell explains the mistake first, as it would have in one process.

    Returns the Verdict for a test cell, None for any other cell (whose observations are dropped).
    """
    if cell.get("cell_type") != "code":
        return None
    if observations is None:
        observations, cell.outputs = observations_in(cell.get("outputs", []))
    if not is_test_cell(cell):
        return None
    try:
        calls = probe_calls(cell.get("source", ""))
    except Unverifiable as exc:
        return _fail(cell, len(cell.outputs), f"this test cell cannot be graded: {exc}", 0)
    if not calls:
        return _fail(cell, len(cell.outputs), NO_PROBE_REASON, 0)
    for k, call in enumerate(calls):
        if k >= len(observations):
            break
        position, payload = observations[k]
        error = _binding_error(call, payload)
        if error is None and isinstance(payload.get("failed"), str):  # the observer could not observe: why
            error = _error("AssertionError", payload["failed"][:10_000])
        elif error is None:
            error = _verdict(call.check, payload.get("observation"), log, call)
        if error is not None:
            return _fail(cell, position, error, len(calls))
    if len(observations) > len(calls):
        position = observations[len(calls)][0]
        return _fail(cell, position, (
            f"this cell reported {len(observations)} results for {len(calls)} hidden check(s): something in this "
            "notebook made the grading code report more than it was asked"), len(calls))
    if len(observations) < len(calls):
        missing = calls[len(observations)]
        failed = any(o.get("output_type") == "error" for o in cell.outputs)
        reason = (f"the hidden check {missing.name} reported no result: something in this notebook "
                  "replaced, silenced or skipped the grading code")
        if failed:  # a probe that raised already explains the failure; one that was silenced did not
            return Verdict(False, reason, len(calls))
        return _fail(cell, len(cell.outputs), reason, len(calls))
    return Verdict(True, "", len(calls))


def _fail(cell, position: int, message: str | NotebookNode, checks: int) -> Verdict:
    error = message if isinstance(message, NotebookNode) else _error("AssertionError", message)
    outputs = list(cell.get("outputs", []))
    outputs.insert(min(position, len(outputs)), error)
    cell.outputs = outputs
    return Verdict(False, error.evalue, checks)


def _same_literal(got, value) -> bool:
    """Equal and of the same kind (a number may be int or float; "q3" is not b"q3", 1 is not True)."""
    number = (int, float)
    if isinstance(value, number) and not isinstance(value, bool):
        return isinstance(got, number) and not isinstance(got, bool) and got == value
    return type(got) is type(value) and got == value


def _binding_error(call: ProbeCall, payload) -> NotebookNode | None:
    """Why a report does not answer this call of the cell, or None when it does."""
    check = payload.get("check") if isinstance(payload, dict) else None
    if check != call.check:
        return _error("AssertionError", (
            f"the hidden check {call.name} got a report for {str(check)[:80]!r} instead: something in this notebook "
            "changed what the grading code reports"))
    if not call.literals or "failed" in payload:
        return None
    try:
        observation = decode(payload.get("observation"))
    except Exception:  # noqa: BLE001 - _verdict explains a malformed observation
        return None
    for name, value in call.literals.items():
        got = observation.get(name, _NOT_LITERAL) if isinstance(observation, dict) else _NOT_LITERAL
        if got is _NOT_LITERAL or not _same_literal(got, value):
            shown = "nothing" if got is _NOT_LITERAL else repr(got)[:80]
            return _error("AssertionError", (
                f"the hidden check {call.name} of this cell is for {name} {value!r}, but the report names {shown}: "
                "something in this notebook changed what the grading code reports"))
    return None


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


def _verdict(check: str, observation, log, call: ProbeCall | None = None) -> NotebookNode | None:
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
