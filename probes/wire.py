"""The wire format of observations, its limits, and the markers of hidden regions: one module, both sides.

A probe in the student's kernel `encode`s what the student's code did into JSON-able data and
publishes it as display data of type `MIME`; the grader, in its own process, reads it back with
`decode`. The format is data only (no pickle, nothing executable): tensors keep dtype, shape and
bytes; tuples, dicts with any keys, ranges, non-finite floats and exceptions (their class names and
message) survive; any other object becomes `Opaque` (its type name and repr). Both directions share
one set of limits, so what a probe may write is exactly what the grader accepts.

Public: this module holds no answer. The grader imports it from the course's own checkout, never
from the submission's folder.
"""

from __future__ import annotations

import base64
import math
import numbers
import re
import sys
from typing import Any

#: The MIME type of an observation in a cell's outputs.
MIME = "application/vnd.distcourse.observation+json"
#: Containers nested deeper than this are refused, by `encode` and by `decode` alike.
MAX_DEPTH = 32
#: Elements of one tensor, at most.
MAX_ELEMENTS = 50_000_000
#: Tensor dtypes an observation may hold.
DTYPES = frozenset({"float64", "float32", "float16", "bfloat16", "int64", "int32", "int16", "int8", "uint8", "bool",
                    "complex64", "complex128"})
#: Characters of an exception's message kept.
MAX_MESSAGE = 2000


def region(name: str) -> re.Pattern:
    """`### BEGIN <NAME>` ... `### END <NAME>` (markers included, group 1 the inside), as nbgrader writes them."""
    return re.compile(rf"[ \t]*### BEGIN {name}(.*?)### END {name}[ \t]*", re.S)


#: The hidden part of a test cell: removed from the release and from feedback, parsed by the grader.
HIDDEN_TESTS = region("HIDDEN TESTS")


def region_spans(text: str, name: str) -> list[tuple[int, int]]:
    """Where `region(name)` matches in `text` ((start, end) of each block, markers and the blanks around them
    included), found in one pass: the regex retries every BEGIN to the text's end when no END follows, which on a
    cell of many BEGIN lines and no END is quadratic (round 16: 45,000 such lines in a student's own cell kept
    each feedback page busy past its 120 s limit)."""
    begin, end = f"### BEGIN {name}", f"### END {name}"
    spans, pos = [], 0
    while True:
        b = text.find(begin, pos)
        if b < 0:
            return spans
        e = text.find(end, b + len(begin))
        if e < 0:  # no END after this BEGIN, so none after a later one either
            return spans
        start, stop = b, e + len(end)
        while start > pos and text[start - 1] in " \t":
            start -= 1
        while stop < len(text) and text[stop] in " \t":
            stop += 1
        spans.append((start, stop))
        pos = stop


def replace_regions(text: str, name: str, replacement: str, line_end: bool = False) -> str:
    """`text` with each `### BEGIN <NAME>` ... `### END <NAME>` block replaced (with the line end after it when
    `line_end`); linear in the text (region_spans)."""
    out, pos = [], 0
    for start, stop in region_spans(text, name):
        out += [text[pos:start], replacement]
        pos = stop + (1 if line_end and text.startswith("\n", stop) else 0)
    out.append(text[pos:])
    return "".join(out)


def strip_regions(text: str, *names: str) -> str:
    """`text` without its `### BEGIN <NAME>` ... `### END <NAME>` blocks (and the line end after each)."""
    for name in names:
        text = replace_regions(text, name, "", line_end=True)
    return text


def encode(obj: Any, _depth: int = 0) -> Any:
    """A JSON-able form of obj that `decode` reads back without running code.

    Tensors keep dtype, shape and bytes; tuples, dicts with any keys, exceptions (their class
    hierarchy and message) and non-finite floats survive; anything else becomes its type and repr.
    """
    if _depth > MAX_DEPTH:
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
        names = getattr(obj, "wire_names", None)  # an exception the student's code raised in another process
        if not (isinstance(names, list) and names and all(isinstance(n, str) for n in names)):
            names = [c.__name__ for c in type(obj).__mro__]
        return {"__exception__": names, "message": str(obj)[:MAX_MESSAGE]}
    if isinstance(obj, Raised):  # read back already (from another process): written again as it came
        return {"__exception__": list(obj.names), "message": str(obj.message)[:MAX_MESSAGE]}
    if isinstance(obj, Opaque):
        return {"__object__": str(obj.type_name), "repr": str(obj.text)[:200]}
    if isinstance(obj, range):
        return {"__range__": [obj.start, obj.stop, obj.step]}
    if isinstance(obj, tuple):
        return {"__tuple__": [encode(v, _depth + 1) for v in obj]}
    if isinstance(obj, list):
        return [encode(v, _depth + 1) for v in obj]
    if isinstance(obj, dict):
        return {"__dict__": [[encode(k, _depth + 1), encode(v, _depth + 1)] for k, v in obj.items()]}
    return {"__object__": type(obj).__name__, "repr": repr(obj)[:200]}


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


#: Integers an observation may hold: 64 bits. Python's hash of an int is the same in every process (n mod 2^61 - 1),
#: so unbounded ints let a student hand back thousands of distinct values of one hash, and a judge that puts them in
#: a set or a dict works in quadratic time, in one C call no time limit interrupts (round 20: 200,000 multiples of
#: 2^61 - 1 took the grading process 229 s in `set()`). Within 64 bits at most 9 ints share a hash.
MAX_INT = 2**63
#: Distinct tuples and dict keys of one observation that may share a hash (tuples of the few ints or floats that share one
#: multiply them: 2^20 tuples of -1 and -2, which hash alike, would all collide).
MAX_SAME_HASH = 64


def decode(obj: Any, _depth: int = 0, _hashes: dict | None = None) -> Any:
    """Read back what `probes.encode` wrote. Raises ValueError on anything it did not write, and on values built to
    collide in a hash table (MAX_INT, MAX_SAME_HASH)."""
    import torch

    if _hashes is None:
        _hashes = {}
    if _depth > MAX_DEPTH:
        raise ValueError("observation nested too deeply")
    if isinstance(obj, int) and not isinstance(obj, bool) and not -MAX_INT <= obj < MAX_INT:
        raise ValueError("an integer past 64 bits in what your code returned")
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if isinstance(obj, list):
        return [decode(v, _depth + 1, _hashes) for v in obj]
    if not isinstance(obj, dict) or len(obj) == 0:
        raise ValueError(f"not an observation: {type(obj).__name__}")
    if "__tensor__" in obj:
        dtype, shape, data = obj["__tensor__"], obj.get("shape"), obj.get("data")
        if dtype not in DTYPES or not isinstance(shape, list) or not all(isinstance(s, int) and s >= 0 for s in shape):
            raise ValueError(f"bad tensor in observation: dtype {dtype!r}, shape {shape!r}")
        dt = getattr(torch, dtype)
        numel = 1
        for s in shape:
            numel *= s
        if numel > MAX_ELEMENTS:
            raise ValueError(f"tensor of {numel} elements in observation")
        raw = base64.b64decode(data or "", validate=True)
        if len(raw) != numel * torch.empty((), dtype=dt).element_size():
            raise ValueError("tensor bytes do not match its shape")
        if numel == 0:
            return torch.empty(shape, dtype=dt)
        return torch.frombuffer(bytearray(raw), dtype=torch.uint8).view(dt).reshape(shape).clone()
    if "__tuple__" in obj:
        return _counted(tuple(decode(v, _depth + 1, _hashes) for v in _list(obj["__tuple__"])), _hashes)
    if "__dict__" in obj:
        out = {}
        for pair in _list(obj["__dict__"]):
            if not isinstance(pair, list) or len(pair) != 2:
                raise ValueError("bad dict entry in observation")
            key = decode(pair[0], _depth + 1, _hashes)
            try:
                out[_counted(key, _hashes)] = decode(pair[1], _depth + 1, _hashes)
            except TypeError:  # an unhashable key
                raise ValueError("unhashable dict key in observation") from None
        return out
    if "__range__" in obj:
        bounds = _list(obj["__range__"])
        if len(bounds) != 3 or not all(isinstance(b, int) and not isinstance(b, bool) for b in bounds):
            raise ValueError("bad range in observation")
        if not all(-MAX_INT <= b < MAX_INT for b in bounds):  # its items too, then: none past 64 bits
            raise ValueError("a range past 64 bits in what your code returned")
        try:
            value = range(*bounds)
        except ValueError:  # a step of 0
            raise ValueError("bad range in observation") from None
        return _counted(value, _hashes)
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


def _counted(value, hashes: dict):
    """`value` (a tuple or a dict key), once at most MAX_SAME_HASH distinct ones of the observation share its hash."""
    try:
        h = hash(value)
    except TypeError:
        return value  # a tuple holding a list: it is no key of any table
    distinct = hashes.setdefault(h, [])  # equal values cost a table nothing: only distinct ones are counted
    if len(distinct) < MAX_SAME_HASH:
        if value not in distinct:
            distinct.append(value)
    elif value not in distinct:
        raise ValueError(f"more than {MAX_SAME_HASH} distinct values of one hash in what your code returned")
    return value


def _list(value) -> list:
    if not isinstance(value, list):
        raise ValueError("bad observation")
    return value


def type_name(value: Any) -> str:
    """The type name of a decoded value as the student's code saw it."""
    return value.type_name if isinstance(value, Opaque) else type(value).__name__
