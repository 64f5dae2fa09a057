"""What the hidden tests run inside the student's kernel. Public: it holds no answer.

A hidden check has two halves. The probe (this package, one module per assignment) runs the
student's code on fixed inputs and reports what it did: return values, tensors, exceptions,
whether an argument was changed. It knows how the student's function is called, nothing more. The
judge (`autograders/`, one module per assignment) holds the answer keys and reference
implementations, computes what the right answer is and decides.

When grading, the judge runs in the grader's own process, outside the sandbox in which the
student's kernel runs: `report` publishes the observation as a display message, and
`autograders.execute.ResilientExecute` takes it out of the message stream, binds it to its probe
call in the test cell's trusted source, judges it and decides the cell's score from the verdict.
Student code can read this package and replace it, but it cannot read the judge: a test cell whose
probe never reported, reported twice or reported for another call loses its points.

Rules for a probe (autograders.judge.probe_calls enforces the call side): a test cell calls each
probe as a statement of its own (`probe.quiz("q1", q1)`), and each call makes exactly one report.
A literal argument of the call binds the report: the observation must be a dict that repeats it
under the parameter's name (quiz reports {"question": question, ...}), so a report made for q1
cannot pass the q3 cell.

Outside grading (nbval on the source notebooks, a maintainer's JupyterLab) `report` also judges in
the kernel when `autograders` can be imported, so a wrong solution fails where it runs.
"""

from __future__ import annotations

import base64
import math
import numbers
import os
import sys
from typing import Any

#: The MIME type of an observation in a cell's outputs.
MIME = "application/vnd.distcourse.observation+json"
#: Set to "grader" in the kernel's environment when the grader judges (autograders.execute).
JUDGE_ENV = "DISTCOURSE_JUDGE"
_MAX_DEPTH = 32


def outcome(fn, *args, **kwargs) -> dict:
    """Call fn and report what happened: {"returned": value} or {"raised": exception}."""
    try:
        return {"returned": fn(*args, **kwargs)}
    except Exception as exc:  # noqa: BLE001 - the judge decides whether this exception was right
        return {"raised": exc}


def encode(obj: Any, _depth: int = 0) -> Any:
    """A JSON-able form of obj that `autograders.judge.decode` reads back without running code.

    Tensors keep dtype, shape and bytes; tuples, dicts with any keys, exceptions (their class
    hierarchy and message) and non-finite floats survive; anything else becomes its type and repr.
    """
    if _depth > _MAX_DEPTH:
        raise ValueError("observation nested too deeply")
    if obj is None or isinstance(obj, (bool, str)):
        return obj
    if isinstance(obj, numbers.Integral):
        return int(obj)
    if isinstance(obj, numbers.Real):
        value = float(obj)
        return value if math.isfinite(value) else {"__float__": repr(value)}
    torch = sys.modules.get("torch")  # a tensor exists only where torch was imported: no import here

    if torch is not None and isinstance(obj, torch.Tensor):
        t = obj.detach().to("cpu").contiguous()
        raw = t.reshape(-1).view(torch.uint8).numpy().tobytes() if t.numel() else b""
        return {"__tensor__": str(t.dtype).removeprefix("torch."), "shape": list(t.shape),
                "data": base64.b64encode(raw).decode("ascii")}
    if isinstance(obj, BaseException):
        return {"__exception__": [c.__name__ for c in type(obj).__mro__], "message": str(obj)[:2000]}
    if isinstance(obj, range):
        return {"__range__": [obj.start, obj.stop, obj.step]}
    if isinstance(obj, tuple):
        return {"__tuple__": [encode(v, _depth + 1) for v in obj]}
    if isinstance(obj, list):
        return [encode(v, _depth + 1) for v in obj]
    if isinstance(obj, dict):
        return {"__dict__": [[encode(k, _depth + 1), encode(v, _depth + 1)] for k, v in obj.items()]}
    return {"__object__": type(obj).__name__, "repr": repr(obj)[:200]}


def report(check: str, observation: Any) -> None:
    """Hand what the student's code did to the judge of `check` ("<assignment>.<name>")."""
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
    if os.environ.get(JUDGE_ENV) == "grader":
        return  # the grader judges outside this process
    try:
        from autograders import judge
    except ImportError:
        return  # a student's machine or the grading sandbox: no judge here
    judge.run(check, judge.decode(payload["observation"]))
