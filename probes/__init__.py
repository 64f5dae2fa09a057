"""What the hidden tests run inside the student's kernel. Public: it holds no answer.

A hidden check has two halves. The probe (this package, one module per assignment) runs the
student's code on fixed inputs and reports what it did: return values, tensors, exceptions,
whether an argument was changed. It knows how the student's function is called, nothing more. The
judge (`autograders/`, one module per assignment) holds the answer keys and reference
implementations, computes what the right answer is and decides.

When grading, the judge runs in the grader's own process, outside the sandbox in which the
student's kernel runs: `report` publishes the observation as a display message, and
`grader.execute.ResilientExecute` takes it out of the message stream, binds it to its probe
call in the test cell's trusted source, judges it and decides the cell's score from the verdict.
Student code can read this package and replace it, but it cannot read the judge: a test cell whose
probe never reported, reported twice or reported for another call loses its points.

Rules for a probe (grader.judge.probe_calls enforces the call side): a test cell calls each
probe as a statement of its own (`probe.quiz("q1", q1)`), and each call makes exactly one report.
A literal argument of the call binds the report: the observation must be a dict that repeats it
under the parameter's name (quiz reports {"question": question, ...}), so a report made for q1
cannot pass the q3 cell.

Whether `report` also judges is said explicitly, by whoever starts the kernel, in DISTCOURSE_JUDGE:
- "grader": the grader judges outside this process (grader.execute sets it); report only;
- "kernel": judge here too, so a wrong solution fails where it runs (the test suite's nbval and
  `make lab` set it; it needs the course's autograders/ importable, and says so if not);
- unset (a student's own machine, with no judges): report only.
The observation's format and limits are in `probes.wire`, shared with the grader.

When the grader grades (DISTCOURSE_JUDGE=grader), a probe does not run in the student's kernel at all:
every probe function is a `check`, and calling it there hands its arguments over (`HANDOVER_MIME`: the
check's name and its arguments, pickled with cloudpickle) and returns. The grader passes them to
`probes.observer`, a process of its own in a sandbox of its own that never runs student code: it runs
the probe there, and each call of the student's code in a child process that hands back raw results
(`probes.observer.Student`). So nothing the kernel runs can change what a probe reports; the kernel
can only change what it hands over, which is the student's own work.
"""

from __future__ import annotations

import base64
import functools
import importlib
import json
import os
from typing import Any, Callable

from probes import wire
from probes.wire import MIME, encode  # noqa: F401 - probes and the grader's tests import them from here

#: Who judges a report, set in the kernel's environment: "grader", "kernel" or unset (see above).
JUDGE_ENV = "DISTCOURSE_JUDGE"
JUDGE_MODES = ("grader", "kernel")
#: The MIME type of a hand-over: a check's name and its arguments, from the kernel to the grader.
HANDOVER_MIME = "application/vnd.distcourse.handover+json"
#: The largest hand-over a kernel may send (the pickled arguments of one probe call).
MAX_HANDOVER_BYTES = 64_000_000


def check(fn: Callable) -> Callable:
    """Make `fn(...)`, a probe function of probes/<assignment>.py, a hidden check of a test cell.

    Where the grader grades, calling it in the kernel hands its arguments to the grader and returns
    (the grader runs it in `probes.observer`); elsewhere (nbval, `make lab`, a student's machine, the
    observer itself) it runs here.
    """
    name = f"{fn.__module__.rsplit('.', 1)[-1]}.{fn.__name__}"

    @functools.wraps(fn)
    def hidden_check(*args, **kwargs):
        if os.environ.get(JUDGE_ENV) == "grader" and not _observing():
            _hand_over(name, args, kwargs)
            return None
        return fn(*args, **kwargs)

    hidden_check.check_name = name
    return hidden_check


def _observing() -> bool:
    observer = __import__("sys").modules.get("probes.observer")
    return observer is not None and observer.ACTIVE


def _hand_over(name: str, args: tuple, kwargs: dict) -> None:
    """Publish `name`'s arguments for the grader: the student's functions and classes travel by value."""
    try:
        data = split_handover(args, kwargs)
    except Exception as exc:  # noqa: BLE001 - said to the student by the grader, in the cell
        payload = {"check": name, "unpicklable": f"{type(exc).__name__}: {str(exc)[:500]}"}
    else:
        if len(data) > MAX_HANDOVER_BYTES:
            payload = {"check": name, "unpicklable": f"{len(data):,} bytes, more than {MAX_HANDOVER_BYTES:,}"}
        else:
            payload = {"check": name, "args": base64.b64encode(data).decode("ascii")}
    try:
        from IPython import get_ipython
        from IPython.display import publish_display_data
    except ImportError:  # plain Python, no kernel: nobody to hand over to
        return
    if get_ipython() is not None:
        publish_display_data({HANDOVER_MIME: payload, "text/plain": f"<hand-over for {name}>"})


def split_handover(args: tuple, kwargs: dict) -> bytes:
    """The hand-over of a probe call: one line of JSON naming each argument, then a pickle of the student's objects.

    An argument that `probes.wire` writes as data (numbers, strings, tensors, containers of them) travels as
    wire JSON, which the observer reads as it reads a child's results; the others (the student's functions and
    classes) travel by value in the pickle after the line, which only a child process of the observer loads (a
    pickle can run code as it loads). So the observer learns what it was handed without a child of its own:
    a hand-over of data only (a quiz's answer) needs none. What this line says is the kernel's word, as the
    arguments are: a line that calls a function data, or the reverse, makes the check fail, never pass.
    """
    import cloudpickle

    objects = []

    def one(value):
        encoded = wire.encode(value)
        if isinstance(encoded, dict) and "__object__" in encoded:  # an object of the student's: by value
            objects.append(value)
            return {"object": len(objects) - 1, "type": type(value).__name__[:100]}
        return {"data": encoded}

    head = {"args": [one(a) for a in args], "kwargs": {str(k): one(v) for k, v in kwargs.items()}}
    return json.dumps(head).encode() + b"\n" + (cloudpickle.dumps(tuple(objects)) if objects else b"")


def read_handover(data: bytes) -> tuple[list, dict, bytes]:
    """What `split_handover` wrote: (arguments, keyword arguments, the pickle of the objects), each argument
    {"data": value} (read back here, as data) or {"object": index, "type": name}. ValueError when it is not
    such a hand-over."""
    line, _, objects = data.partition(b"\n")
    try:
        head = json.loads(line)
    except RecursionError:
        raise ValueError("a hand-over nested too deeply") from None

    def one(item):
        if isinstance(item, dict) and set(item) == {"data"}:
            return {"data": wire.decode(item["data"])}
        if (isinstance(item, dict) and set(item) == {"object", "type"} and type(item["object"]) is int
                and 0 <= item["object"] < MAX_HANDOVER_BYTES and isinstance(item["type"], str) and objects):
            return {"object": item["object"], "type": item["type"][:100]}
        raise ValueError("not an argument of a hand-over")

    if not (isinstance(head, dict) and set(head) == {"args", "kwargs"} and isinstance(head["args"], list)
            and isinstance(head["kwargs"], dict)):
        raise ValueError("not a hand-over")
    return [one(a) for a in head["args"]], {str(k): one(v) for k, v in head["kwargs"].items()}, objects


def outcome(fn, *args, **kwargs) -> dict:
    """Call fn and report what happened: {"returned": value} or {"raised": exception}."""
    try:
        return {"returned": fn(*args, **kwargs)}
    except Exception as exc:  # noqa: BLE001 - the judge decides whether this exception was right
        if getattr(exc, "observer_failure", False):  # no result at all (probes.observer): the check fails
            raise
        return {"raised": exc}


def unpredictable(seed: int):
    """A random generator for cases the student cannot know in advance: where the observer grades,
    seeded from the operating system (a function that recognises the published cases and answers only
    those gains nothing on these); anywhere else seeded with `seed`, so a notebook run at home is
    deterministic."""
    import random

    from probes import observer

    return random.Random(int.from_bytes(os.urandom(8), "big") if observer.trusted() else seed)


def outcomes(fn, calls) -> list[dict]:
    """[outcome(fn, *args, **kwargs) for args, kwargs in calls], each with "args": the positional
    arguments as the call left them.

    Where the observer runs a check, the calls run one after another in one child process (a child
    per call costs a fork of the observer each: 300 calls took 11 s), so one call's side effects can
    reach the next, as they would in the student's notebook; a call that hangs or kills its process
    fails the whole batch, as it would fail the check.
    """
    from probes import observer

    if isinstance(fn, observer.Student) and observer.trusted():
        return observer.call_each(fn, [(tuple(args), dict(kwargs)) for args, kwargs in calls])
    done = []
    for args, kwargs in calls:
        done.append({**outcome(fn, *args, **kwargs), "args": list(args)})
    return done


def returns(fn, calls) -> list:
    """[fn(*args, **kwargs) for args, kwargs in calls], in one child process where the observer runs them
    (`outcomes`); the first raise is raised here, as the calls made one by one would raise it."""
    return returned(outcomes(fn, calls))


def returned(done: list[dict]) -> list:
    """What each of `outcomes`' calls returned; the first raise among them is raised here."""
    for d in done:
        if "raised" in d:
            raise d["raised"]
    return [d["returned"] for d in done]


def bare(done: dict) -> dict:
    """One of `outcomes`' results as `outcome` gives it: {"returned": ...} or {"raised": ...}, without "args"."""
    return {key: done[key] for key in ("returned", "raised") if key in done}


def report(check: str, observation: Any) -> None:
    """Hand what the student's code did to the judge of `check` ("<assignment>.<name>")."""
    if _observing():
        from probes import observer

        observer.reported(check, observation)
        return
    payload = {"check": check, "observation": encode(observation)}
    try:
        from IPython import get_ipython
        from IPython.display import publish_display_data
    except ImportError:  # plain Python, no kernel: nothing to publish to
        shell = None
    else:
        shell = get_ipython()
    if shell is not None:
        publish_display_data({MIME: payload, "text/plain": f"<observation for {check}>"})
    mode = os.environ.get(JUDGE_ENV, "")
    if mode not in JUDGE_MODES:
        if mode:
            raise ValueError(f"{JUDGE_ENV}={mode!r}: use 'grader' (the grader judges), 'kernel' (judge here too) "
                             "or leave it unset (report only)")
        return  # a student's own machine: nothing to judge with
    if mode == "grader":
        return  # the grader judges outside this process
    try:
        judge = importlib.import_module("grader.judge")
    except ImportError as exc:
        raise RuntimeError(f"{JUDGE_ENV}=kernel asks to judge in this kernel, but the course's judges cannot be "
                           f"imported ({exc}): install the course (pip install -e .) or unset {JUDGE_ENV}") from None
    judge.run(check, judge.decode(payload["observation"]))
