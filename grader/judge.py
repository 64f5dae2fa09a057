"""The trusted half of every hidden check: decide from what the student's code did.

The observer's report on each hand-over of a test cell reaches `grader.execute.ResilientExecute`;
after the cell, `judge_cell` binds each report to its probe call in the cell's trusted source
(`probe_calls`: nbgrader restores test cells from the course's own source, so which checks a cell
runs, with which literal arguments, is known whatever the submission did) and has it judged in the
notebook's `Room`: a child process that reads it back with `decode` (data only: no pickle, nothing
the student wrote is ever run), checks that it repeats its call's literal arguments and calls the
assignment's `judge_<name>`, killed from outside when a report makes it slow. It returns a `Verdict`. The verdict, not anything the kernel printed, decides the cell's score
(`grader.scores`); a failure is also written into the cell for the student to read.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import inspect
import json
import os
import pickle
import re
import resource
import select
import signal
import struct
import sys
import time
from typing import Any

from nbformat import NotebookNode

from probes.wire import HIDDEN_TESTS, MIME, Opaque, Raised, decode, type_name  # noqa: F401 - the judges import these from here

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


def judge_cell(cell: NotebookNode, log=None, observations: list | None = None, room: "Room | None" = None) -> Verdict | None:
    """Judge a test cell's reports against its trusted source; put each failure where its probe reported.

    `observations` are (position among the cell's outputs, payload) pairs, as the grader received them
    (grader.execute keeps them out of the notebook); without it they are taken out of the outputs.
    Observations are never left in the outputs (the feedback never shows them). The k-th report must
    answer the k-th probe call of the cell's trusted source: same check, the call's literal arguments
    repeated in the observation under their parameter names, one report per call, none extra. A failed
    judgement becomes an error output in the report's place, so a hidden check that runs before the
    visible tests of its cell explains the mistake first, as it would have in one process.

    Each report is decoded and judged in `room` (the caller's, else one of this process's own), never here.

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
            error = _verdict(call, payload.get("observation"), log, room or default_room())
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
    """Why a report is not for this call's check, or None when it is (the room checks its literal arguments)."""
    check = payload.get("check") if isinstance(payload, dict) else None
    if check != call.check:
        return _error("AssertionError", (
            f"the hidden check {call.name} got a report for {str(check)[:80]!r} instead: something in this notebook "
            "changed what the grading code reports"))
    return None


def _verdict(call: ProbeCall, observation, log, room: "Room") -> NotebookNode | None:
    """Judge one report in the room: None if right, else the error output that says why."""
    answer = room.judge(call, observation)
    kind, message = answer.get("kind"), str(answer.get("message", ""))
    if kind == "ok":
        return None
    if kind == "error" and log is not None:
        log.warning("judging %s failed: %s", call.check, message[:300])
    return _error("AssertionError", message)


# ---------------------------------------------------------------------------------------- the judges' room

#: Seconds of wall-clock time one judgement may take, and of CPU time: a judge reads the student's values,
#: and one built to be slow (a set of integers that share a hash, a regular expression's backtracking) makes a
#: single C call that nothing inside the process can interrupt. So judgements run in the room, a child of the
#: grading process, which is killed from outside past these limits.
JUDGE_TIMEOUT = 60.0
JUDGE_CPU = 2.0
#: CPU seconds all the judgements of one notebook may take together (the five solutions: 0.08-0.16 s; the
#: corpus of wrong and alternative submissions graded by the tests: at most 0.11 s).
NOTEBOOK_JUDGE_CPU = 5.0
#: The longest answer the room sends back (its message is cut to MAX_MESSAGE_CHARS first).
_MAX_ANSWER_BYTES = 1 << 20
#: How often the grading process looks at the room's CPU while it waits for an answer.
_POLL_SECONDS = 0.1


class Room:
    """Where a notebook's reports are judged: a child process forked from the grading process once the
    judges are imported (it imports nothing itself), which decodes each report (`probes.wire.decode`), checks that it repeats its call's
    literal arguments, calls the judge and answers with the verdict in words.

    The grading process never decodes or judges a report itself: it hands the report over a pipe and waits
    for the answer within JUDGE_TIMEOUT seconds, watching the room's CPU (JUDGE_CPU a report,
    NOTEBOOK_JUDGE_CPU the notebook). Past a limit, or if the room dies (its memory is the grading process's,
    capped the same), the room is killed with SIGKILL, the report's cell fails with the reason, and the next
    report gets a fresh room with what is left of the notebook's CPU.
    """

    def __init__(self):
        self.pid: int | None = None
        self._to = self._from = None
        self.spent = 0.0  # CPU seconds of rooms that ended
        self._process = None

    # -- the grading process's side

    def start(self) -> None:
        """Fork the room (call it from the main thread: the room is killed when the thread that forked it ends)."""
        if self.pid is not None:
            return
        parent = os.getpid()
        request_r, request_w = os.pipe()
        answer_r, answer_w = os.pipe()
        pid = os.fork()
        if pid == 0:  # the room
            code = 1
            try:
                os.close(request_w)
                os.close(answer_r)
                _serve(request_r, answer_w, parent)
                code = 0
            finally:
                os._exit(code)
        os.close(request_r)
        os.close(answer_w)
        self.pid, self._to, self._from = pid, request_w, answer_r
        import psutil

        try:
            self._process = psutil.Process(pid)
        except psutil.Error:
            self._process = None

    def _cpu(self) -> float:
        try:
            times = self._process.cpu_times()
            return times.user + times.system
        except Exception:  # noqa: BLE001 - it ended: its CPU is counted when it is reaped
            return 0.0

    def close(self) -> None:
        """Kill the room and count its CPU against the notebook's."""
        pid, self.pid = self.pid, None
        for fd in (self._to, self._from):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self._to = self._from = self._process = None
        if pid is None:
            return
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
        try:
            _, _, usage = os.wait4(pid, 0)
            self.spent += usage.ru_utime + usage.ru_stime
        except ChildProcessError:
            pass

    def judge(self, call: ProbeCall, observation) -> dict:
        """The room's answer for one report: {"kind": "ok"|"assert"|"error", "message": ...}."""
        name = call.name
        left = NOTEBOOK_JUDGE_CPU - self.spent
        if left <= 0:
            return {"kind": "assert", "message": (
                f"the hidden check {name} was not judged: judging this notebook's reports has used the "
                f"{NOTEBOOK_JUDGE_CPU:g} s of the grader's CPU it may, because your code returned far more than was asked for")}
        try:
            request = pickle.dumps((call.check, call.literals, observation), protocol=pickle.HIGHEST_PROTOCOL)
        except (RecursionError, pickle.PicklingError, TypeError, ValueError, MemoryError) as exc:
            return {"kind": "assert", "message": (
                f"the hidden check {name} could not read what your code produced ({type(exc).__name__})")}
        self.start()
        started, begun = time.monotonic(), self._cpu()
        try:
            _write_frame(self._to, request)
        except OSError:  # the room ended since the last report: a new one
            self.close()
            self.start()
            begun = self._cpu()
            try:
                _write_frame(self._to, request)
            except OSError:
                self.close()
                return {"kind": "error", "message": f"the grader could not judge the hidden check {name} (its judge did not start)"}
        reader = _FrameReader(self._from, _MAX_ANSWER_BYTES)
        while True:
            try:
                data = reader.read_ready(_POLL_SECONDS)
            except (OSError, ValueError):
                data = b""
            if data is not None:
                break
            used = self._cpu()
            if time.monotonic() - started > JUDGE_TIMEOUT:
                why = f"took longer than {JUDGE_TIMEOUT:g} s"
            elif used - begun > JUDGE_CPU:
                why = f"took more than {JUDGE_CPU:g} s of the grader's CPU"
            elif self.spent + used > NOTEBOOK_JUDGE_CPU:
                why = f"took the last of the {NOTEBOOK_JUDGE_CPU:g} s of the grader's CPU this notebook's judgements may use"
            else:
                continue
            self.close()
            return {"kind": "assert", "message": (
                f"judging what the hidden check {name} observed {why} and was stopped: your code returned far more "
                "than was asked for")}
        if not data:
            self.close()
            return {"kind": "assert", "message": (
                f"judging what the hidden check {name} observed stopped the grader's judge (it ran out of memory, or "
                "ended): your code returned far more than was asked for")}
        try:
            answer = json.loads(data)
        except ValueError:
            answer = None
        if not isinstance(answer, dict) or answer.get("kind") not in ("ok", "assert", "error"):
            self.close()
            return {"kind": "error", "message": f"the grader's judge answered nothing it should for {name}"}
        return answer


class _FrameReader:
    """Reads one length-prefixed frame from a pipe, a poll at a time."""

    def __init__(self, fd: int, limit: int):
        self.fd, self.limit, self.buffer, self.size = fd, limit, b"", None

    def read_ready(self, timeout: float) -> bytes | None:
        """The frame once whole, b"" if the pipe closed first, None if more is to come."""
        if not select.select([self.fd], [], [], timeout)[0]:
            return None
        chunk = os.read(self.fd, 1 << 16)
        if not chunk:
            return b""
        self.buffer += chunk
        if self.size is None and len(self.buffer) >= 8:
            (self.size,) = struct.unpack(">Q", self.buffer[:8])
            if self.size > self.limit:
                raise ValueError("answer too long")
        if self.size is not None and len(self.buffer) >= 8 + self.size:
            return self.buffer[8:8 + self.size]
        return None


def _write_frame(fd: int, data: bytes) -> None:
    view = memoryview(struct.pack(">Q", len(data)) + data)
    while view:
        view = view[os.write(fd, view):]


def _read_frame(fd: int) -> bytes | None:
    def exactly(n: int) -> bytes | None:
        parts, got = [], 0
        while got < n:
            chunk = os.read(fd, min(n - got, 1 << 20))
            if not chunk:
                return None
            parts.append(chunk)
            got += len(chunk)
        return b"".join(parts)

    head = exactly(8)
    return None if head is None else exactly(struct.unpack(">Q", head)[0])


# -- the room's side


def _serve(requests: int, answers: int, parent: int) -> None:
    """The room's loop: a report in, an answer out, until the grading process closes the pipe."""
    import gc

    gc.freeze()  # the grading process's objects (its kernel client, its sockets) are never collected here
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the grading process, which ends the room
    try:  # gone with the grading process, even in the middle of a C call (else the closed pipe ends it)
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG (the forking thread is the main one)
    except Exception:  # noqa: BLE001 - not Linux
        pass
    if os.getppid() != parent:
        return
    resource.setrlimit(resource.RLIMIT_CORE, (1, 1))  # no core, nor the host's core program (grader/sandbox.py)
    torch = sys.modules.get("torch")
    if torch is not None:  # GNU OpenMP is not fork-safe: one thread, so no judge waits on a pool the grading
        torch.set_num_threads(1)  # process may have started (our judges take well under a second anyway)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    keep = sorted((requests, answers))
    os.closerange(3, keep[0])
    os.closerange(keep[0] + 1, keep[1])
    os.closerange(keep[1] + 1, 1 << 16)
    while True:
        request = _read_frame(requests)
        if request is None:
            return
        check, literals, observation = pickle.loads(request)  # from the grading process, which made it
        _write_frame(answers, json.dumps(_judged(check, literals, observation)).encode())


def _judged(check: str, literals: dict, raw) -> dict:
    name = check.split(".", 1)[1]
    try:
        observation = decode(raw)
        for key, value in literals.items():
            got = observation.get(key, _NOT_LITERAL) if isinstance(observation, dict) else _NOT_LITERAL
            if got is _NOT_LITERAL or not _same_literal(got, value):
                shown = "nothing" if got is _NOT_LITERAL else repr(got)[:80]
                return {"kind": "assert", "message": (
                    f"the hidden check {name} of this cell is for {key} {value!r}, but the report names {shown}: "
                    "something in this notebook changed what the grading code reports")}
        run(check, observation)
    except AssertionError as exc:
        return {"kind": "assert", "message": _cut(str(exc))}
    except Exception as exc:  # noqa: BLE001 - a malformed observation fails the cell, not the grader
        return {"kind": "error", "message": _cut(
            f"the hidden check {name} could not read what your code produced ({type(exc).__name__}: {exc})")}
    return {"kind": "ok", "message": ""}


def _cut(text: str) -> str:
    if len(text) > MAX_MESSAGE_CHARS:
        return f"{text[:MAX_MESSAGE_CHARS]} ... [{len(text) - MAX_MESSAGE_CHARS:,} more characters cut by the grader]"
    return text


_default_room: Room | None = None


def default_room() -> Room:
    """The room of a caller that judges without one of its own (tests): started when first needed."""
    global _default_room
    if _default_room is None:
        import atexit

        _default_room = Room()
        atexit.register(_default_room.close)
    return _default_room
