"""The observer: where the grader runs hidden checks, in a process that never runs student code.

When the grader grades, a probe call in a test cell does not run the probe in the student's kernel:
it hands the call's arguments over (`probes.check`), pickled, and the grader passes them here. This
process runs the probe itself: it builds the inputs, and every time the probe calls the student's
code, the call runs in a child process (`Student`) that unpickles the student's objects, runs them and
hands back raw results as data (`probes.wire`): what they returned or raised, and what became of the
arguments they were given (a model's parameters, a dict). The report is built here from those results
and goes to the grader over a channel no child holds. Ranks (`helpers.launch`) are children too: what a
rank returns is read as plain data, never unpickled here.

What this closes: nothing the kernel runs (a replaced probe, an AST transformer, a patched
`report`) reaches the report, because the report is not built there; and nothing the student's code
runs in a child reaches this process either: the child closes the channel at its start, this process
is not dumpable (its memory and descriptors are not open to a process of the same user), the sandbox's
seccomp filter refuses ptrace and process_vm_*, and every process a call left behind is killed before
the next call. What a child hands back is the student's work, and is judged as such.

What stays open, and is said in the README's threat model: what a check learns from inside a process
that runs the student's code besides its return values (the collectives a rank counted, the messages
it logged, the objects a stage holds) is the student's code's own account of itself.

Protocol: frames of an 8-byte big-endian length and UTF-8 JSON. The grader sends
{"check": "<assignment>.<name>", "args": base64 of cloudpickle((args, kwargs))}; this process answers
{"check": ..., "observation": wire data} or {"check": ..., "failed": "what to tell the student"}. It
first says {"ready": true}. `python -m probes.observer` runs it on its standard streams.
"""

from __future__ import annotations

import base64
import ctypes
import importlib
import json
import os
import re
import select
import signal
import struct
import sys
import time
from typing import Any, Callable

from probes import wire

#: True in the observer process (and inherited by its children, where `trusted()` is False).
ACTIVE = False
_PID: int | None = None
_CHANNEL: list[int] = []
#: The CPUs this process may run on, as the observer started (given back after every call: _restore_cpus).
_CPUS: set[int] = set()
_REPORTS: list[tuple[str, Any]] = []
#: Seconds one call of the student's code may run in its child before it is stopped.
CALL_TIMEOUT = 120.0
#: Seconds all the calls of one check may run together (the grader waits a little longer).
CHECK_BUDGET = 200.0
_DEADLINE = [float("inf")]
#: The runs of the student's code that `once` keeps, by exercise.
_ONCE: dict = {}
#: The most a child may hand back (bytes of JSON).
MAX_RESULT_BYTES = 256_000_000
_PR_SET_DUMPABLE, _PR_SET_CHILD_SUBREAPER = 4, 36


def trusted() -> bool:
    """True only in the observer itself: the process that builds reports and never runs student code."""
    return ACTIVE and os.getpid() == _PID


def reported(check: str, observation: Any) -> None:
    """`probes.report` in the observer: keep the report (encoded here, from data this process holds)."""
    if trusted():
        _REPORTS.append((check, wire.encode(observation)))


class StudentRaised(Exception):
    """What the student's code raised in its child: its class names and message, as data."""

    def __init__(self, names: list[str], message: str):
        super().__init__(message)
        self.wire_names = list(names)

    def __str__(self) -> str:
        return self.args[0] if self.args else ""


class HandOverUnreadable(Exception):
    """In a child: the student's objects could not be loaded from what their notebook handed over."""


class CallFailed(AssertionError):
    """A call of the student's code that ended without a result (it hung, died, or handed back something
    unreadable): the check fails with this message; `probes.outcome` does not take it for a raise."""

    observer_failure = True


class Unreadable(CallFailed):
    """A child handed back something that is not data the grader can read."""


class Student:
    """One of the student's objects, handed over pickled. In the observer, calling it runs it in a child
    process and returns what it returned, as data; in a child or a rank it is the object itself."""

    def __init__(self, payload: bytes, where: tuple, type_name: str = "object"):
        self.payload, self.where, self.type_name = payload, where, type_name

    def resolve(self):
        if trusted():
            raise RuntimeError("the observer never unpickles the student's objects; call them through Student")
        cache = _RESOLVED.get(id(self.payload))
        if cache is None or cache[0] is not self.payload:
            import cloudpickle

            try:
                cache = (self.payload, cloudpickle.loads(self.payload))
            except Exception as exc:  # noqa: BLE001 - said to the student, as the check's failure
                raise HandOverUnreadable(
                    f"the grader could not take your {self.type_name} out of your notebook ({type(exc).__name__}: "
                    f"{str(exc)[:300]}). Define what the exercise asks for at the top level of the notebook, without "
                    "open files, locks or other resources that cannot be copied") from None
            _RESOLVED[id(self.payload)] = cache
        kind, key, *rest = self.where
        if kind == "objects":  # probes.split_handover: the objects alone
            obj = cache[1][key]
        else:
            args, kwargs = cache[1]
            obj = args[key] if kind == "args" else kwargs[key]
        for step, name in zip(rest[::2], rest[1::2]):  # ("global", name): a global of the function
            obj = obj.__globals__[name] if step == "global" else None
        return obj

    def __call__(self, *args, **kwargs):
        if not trusted():
            return self.resolve()(*args, **kwargs)
        returned, after = in_child(_call_and_state, self, args, kwargs)
        _restore(args, after["args"])
        _restore(list(kwargs.values()), after["kwargs"])
        return returned

    def __reduce__(self):
        return (Student, (self.payload, self.where, self.type_name))

    def __repr__(self) -> str:
        return f"<your {self.type_name}>"


_RESOLVED: dict[int, tuple] = {}


def real(obj):
    """The student's object itself, in a child or a rank (for what only the object can tell: its code,
    its globals); never in the observer, where `Student.resolve` refuses."""
    return obj.resolve() if isinstance(obj, Student) else obj


def _callable_global(obj, name: str) -> bool:
    return callable(getattr(obj, "__globals__", {}).get(name))


def student_global(obj, name: str):
    """The function `name` that the student's function `obj` sees as a global (in their notebook), or None.

    In the observer it is a `Student` too (called in a child); anywhere else the function itself.
    """
    if isinstance(obj, Student):
        if trusted():
            found = in_child(_global_of, obj, name)
            return Student(obj.payload, (*obj.where, "global", name), "function") if found else None
        obj = obj.resolve()
    value = getattr(obj, "__globals__", {}).get(name)
    return value if callable(value) else None


def _global_of(student: "Student", name: str) -> bool:
    return _callable_global(student.resolve(), name)


def _call_and_state(student: Student, args: tuple, kwargs: dict):
    returned = student.resolve()(*args, **kwargs)
    return returned, {"args": [_state(a) for a in args], "kwargs": [_state(v) for v in kwargs.values()]}


def _call_each_in_child(student: Student, calls: list) -> list:
    fn = student.resolve()
    done = []
    for args, kwargs in calls:
        try:
            done.append({"returned": fn(*args, **kwargs), "args": list(args)})
        except Exception as exc:  # noqa: BLE001 - the probe's judge decides whether this was right
            done.append({"raised": exc, "args": list(args)})
    return done


def call_each(student: Student, calls: list) -> list[dict]:
    """`probes.outcomes` in the observer: every call of `student` in one child; what each returned or
    raised (as StudentRaised) and its arguments as the call left them."""
    done = in_child(_call_each_in_child, student, calls)
    if not isinstance(done, list) or len(done) != len(calls) or not all(
            isinstance(d, dict) and len(d) == 2 and "args" in d and ("returned" in d or "raised" in d) for d in done):
        raise Unreadable("the grader could not read back what your code returned")
    for d in done:
        if "raised" in d:
            raised = d["raised"]
            if not isinstance(raised, wire.Raised):
                raise Unreadable("the grader could not read back what your code raised")
            d["raised"] = StudentRaised(raised.names, raised.message)
    return done


def _state(value):
    """What became of an argument (in the child, after the call), as data."""
    import torch

    if isinstance(value, torch.nn.Module):
        return {"module": [t.detach() for t in (*value.parameters(), *value.buffers())]}
    if isinstance(value, torch.Tensor):
        return {"tensor": value.detach()}
    if type(value) in (dict, list):
        return {"data": value}
    return None


def _restore(values, states) -> None:
    """Apply what the child's call did to its arguments to this process's own copies of them."""
    import torch

    if not isinstance(states, list) or len(states) != len(values):
        raise Unreadable("the grader could not read back what your code did to its arguments")
    for value, state in zip(values, states):
        if not isinstance(state, dict):
            continue
        with torch.no_grad():
            if "module" in state and isinstance(value, torch.nn.Module):
                mine = [*value.parameters(), *value.buffers()]
                for t, new in zip(mine, state["module"]):
                    if isinstance(new, torch.Tensor) and new.shape == t.shape and new.dtype == t.dtype:
                        t.copy_(new)
                    elif isinstance(new, torch.Tensor):  # the call replaced it: keep the change visible
                        t.data = new.to(t.device)
            elif "tensor" in state and isinstance(value, torch.Tensor) and isinstance(state["tensor"], torch.Tensor):
                if state["tensor"].shape == value.shape and state["tensor"].dtype == value.dtype:
                    value.copy_(state["tensor"])
            elif "data" in state and not _plain(state["data"]):
                continue  # it held objects that could not come back: this process keeps its own
            elif "data" in state and type(value) is dict and isinstance(state["data"], dict):
                value.clear()
                value.update(state["data"])
            elif "data" in state and type(value) is list and isinstance(state["data"], list):
                value[:] = state["data"]


def read_exactly(fd: int, n: int, deadline: float | None = None) -> bytes | None:
    """n bytes from fd, or None at its end; TimeoutError past `deadline` (time.monotonic)."""
    chunks, got = [], 0
    while got < n:
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise TimeoutError
        chunk = os.read(fd, min(n - got, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def _plain(value) -> bool:
    """True when a decoded value holds nothing that came back as an Opaque stand-in."""
    if isinstance(value, wire.Opaque):
        return False
    if isinstance(value, dict):
        return all(_plain(k) and _plain(v) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return all(_plain(v) for v in value)
    return True


def in_child(fn, *args, timeout: float = CALL_TIMEOUT):
    """fn(*args) in a child process, where the student's objects are real; what it returned, as data.

    Outside the observer (a child, a rank, a kernel) it is just fn(*args). Raises StudentRaised with
    what the child raised, AssertionError if it hung, died or handed back something unreadable.
    """
    if not trusted():
        return fn(*args)
    timeout = max(1.0, min(timeout, _DEADLINE[0] - time.monotonic()))
    if not _fork_is_safe():
        return _parse(_in_launched_child(fn, args, timeout))
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: the channel is closed already (_after_fork)
        code = 0
        try:
            os.close(read)  # in a session (and so a group) of its own already (_after_fork)
            try:
                out = {"returned": wire.encode(fn(*args))}
            except BaseException as exc:  # noqa: BLE001 - the probe decides what a raise means
                try:
                    out = {"raised": wire.encode(exc)}
                except Exception as inner:  # noqa: BLE001
                    out = {"unreadable": f"{type(inner).__name__}: {inner}"}
            try:
                data = json.dumps(out).encode()
            except (TypeError, ValueError) as exc:
                data = json.dumps({"unreadable": f"{type(exc).__name__}: {exc}"}).encode()
            view = memoryview(struct.pack(">Q", len(data)) + data)
            while view:
                view = view[os.write(write, view):]
        except BaseException:  # noqa: BLE001
            code = 1
        finally:
            os._exit(code)
    os.close(write)
    deadline = time.monotonic() + timeout

    def exactly(n: int) -> bytes | None:
        # one frame is read, not up to the pipe's end: a process the call left behind may hold the pipe
        # open, and is killed right after
        try:
            return read_exactly(read, n, deadline)
        except TimeoutError:
            raise CallFailed(f"your code did not return within {timeout:g} s and was stopped") from None

    try:
        head = exactly(8)
        size = struct.unpack(">Q", head)[0] if head is not None else 0
        if size > MAX_RESULT_BYTES:
            raise CallFailed(f"your code handed back more than {MAX_RESULT_BYTES:,} bytes")
        body = exactly(size) if head is not None else None
    finally:
        os.close(read)
        _sweep(pid)
    if body is None:
        raise CallFailed(DIED)
    return _parse(body)


DIED = "the process running your code died before it returned (os._exit, a crash, or memory exhaustion)"


def _fork_is_safe() -> bool:
    """Whether a child forked from this process may run autograd and CUDA (helpers.launch's rule: not
    after this process initialised CUDA or started autograd's device threads, as a probe's own backward
    does on a machine with a GPU)."""
    launch = importlib.import_module("helpers.launch")  # the module (`helpers.launch` is also the function)
    try:
        return launch._choose_start_method(None) == "fork"
    except (ValueError, RuntimeError):  # a start method forced in the environment: when in doubt, the fork server
        return False


def _launched(fn, args) -> str:
    """In a child started by helpers.launch (its fork server, whose children start sessions of their own, as the
    observer's do): fn(*args), what it returned or raised."""
    try:
        out = {"returned": wire.encode(fn(*args))}
    except BaseException as exc:  # noqa: BLE001
        try:
            out = {"raised": wire.encode(exc)}
        except Exception as inner:  # noqa: BLE001
            out = {"unreadable": f"{type(inner).__name__}: {inner}"}
    try:
        return json.dumps(out)
    except (TypeError, ValueError) as exc:
        return json.dumps({"unreadable": f"{type(exc).__name__}: {exc}"})


def _in_launched_child(fn, args, timeout: float) -> bytes:
    """fn(*args) in a child of helpers.launch's fork server (fork of this process is unsafe): its result
    as the JSON a forked child would write. Arguments travel by cloudpickle; the result is plain data."""
    import helpers

    try:
        result = helpers.launch(_launched, 1, fn, args, backend=None, timeout=timeout, untrusted_results=True)[0]
    except helpers.LaunchTimeout:
        raise CallFailed(f"your code did not return within {timeout:g} s and was stopped") from None
    except helpers.LaunchError:
        raise CallFailed(DIED) from None
    finally:
        _sweep()
    if not isinstance(result, str) or len(result) > MAX_RESULT_BYTES:
        raise Unreadable("what your code handed back cannot be read by the grader")
    return result.encode()


def _parse(body: bytes):
    """What a child wrote: the value it returned (as data), or StudentRaised, or Unreadable."""
    try:
        out = json.loads(body)
        if not isinstance(out, dict) or len(out) != 1:
            raise ValueError("not a result")
        if "unreadable" in out:
            raise Unreadable(f"what your code returned cannot be read by the grader ({str(out['unreadable'])[:300]})")
        if "raised" in out:
            raised = wire.decode(out["raised"])
            if not isinstance(raised, wire.Raised):
                raise ValueError("not an exception")
            raise StudentRaised(raised.names, raised.message)
        return wire.decode(out["returned"])
    except (ValueError, KeyError, RecursionError) as exc:
        raise Unreadable(f"what your code handed back cannot be read by the grader ({type(exc).__name__}: "
                         f"{str(exc)[:200]})") from None


def _sweep(pid: int | None = None) -> None:
    """Kill every process a call left behind: the child's group, and every descendant of this process
    (orphans come back to it: it is a child subreaper).

    Killing the ids a listing found misses a process that keeps forking and exiting: it is no longer at the
    listed id when the kill arrives (round 12: a process in its own session lived on into the next call). So
    the listing is quick (the kernel's list of each process's children, not a walk of /proc), SIGKILL follows
    it at once (a fork under way when SIGKILL arrives is abandoned), and it is repeated until a listing finds
    nothing left alive."""
    if pid is not None:
        try:
            os.killpg(pid, signal.SIGKILL)
        except OSError:
            pass
    # helpers.launch's fork server and multiprocessing's resource tracker (this process's children, which
    # it started for a launch) stay; what the server forked goes
    keep = {_fork_server(), _resource_tracker()}
    try:
        _kill_descendants(keep)
    finally:
        _restore_cpus(keep)


def _kill_descendants(keep: set) -> None:
    empty = 0
    for _ in range(SWEEP_ROUNDS):
        left = [p for p in _descendants() if p not in keep and _process_state(p) not in "ZX"]
        for proc in left:
            try:
                os.kill(proc, signal.SIGKILL)
            except OSError:
                pass
        _reap()
        # The kernel's children lists may skip an entry while they change (proc(5)): a listing that finds
        # nothing ends the sweep only when the next few find nothing either (a process that forks in a loop
        # lived on into the next call, about 1 run in 5, when one empty listing ended it).
        empty = 0 if left else empty + 1
        if empty >= SWEEP_EMPTY_LISTINGS:
            return
        time.sleep(0.001 if len(left) < 64 else 0.01)  # the dying leave; what is left is listed again


def _restore_cpus(keep: set) -> None:
    """Give this process's threads, and those of the processes a sweep keeps (the fork server every later rank
    is forked from), back the CPUs they had when the observer started: a call's child may pin them all to one
    (sched_setaffinity of its parent), which otherwise held for every later check of the notebook (round 30)."""
    if not _CPUS:
        return
    for pid in [os.getpid(), *sorted(p for p in keep if p)]:
        try:
            threads = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        for tid in threads:
            try:
                os.sched_setaffinity(int(tid), _CPUS)
            except (OSError, ValueError):
                pass  # a thread gone, or CPUs the sandbox no longer has: nothing to give back


#: Listings of the descendants at most (a process that forks in a loop is caught within a few).
SWEEP_ROUNDS = 2000
#: Listings in a row that must find nothing alive before a sweep ends.
SWEEP_EMPTY_LISTINGS = 3


def _descendants() -> list[int]:
    """Every descendant of this process, parents before children (/proc/<pid>/task/<tid>/children)."""
    found, todo = [], [os.getpid()]
    while todo:
        parent = todo.pop()
        try:
            tasks = os.listdir(f"/proc/{parent}/task")
        except OSError:
            continue
        for tid in tasks:
            try:
                with open(f"/proc/{parent}/task/{tid}/children", "rb") as fh:
                    children = [int(c) for c in fh.read().split()]
            except (OSError, ValueError):
                continue
            found += children
            todo += children
    return found


def _reap() -> None:
    while True:
        try:
            done, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if done == 0:
            return


def _process_state(pid: int) -> str:
    """A process's state letter (R, S, D, T stopped, Z zombie, X dead), "X" when it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            return fh.read().rsplit(b")", 1)[1].split()[0].decode()
    except (OSError, IndexError, UnicodeDecodeError):
        return "X"


def _fork_server() -> int | None:
    try:
        from multiprocessing import forkserver

        return forkserver._forkserver._forkserver_pid
    except (ImportError, AttributeError):
        return None


def _resource_tracker() -> int | None:
    try:
        from multiprocessing import resource_tracker

        return resource_tracker._resource_tracker._pid
    except (ImportError, AttributeError):
        return None


def _describe(payload: bytes):
    """In a child: which handed-over arguments are data (their values) and which are objects."""
    import cloudpickle

    args, kwargs = cloudpickle.loads(payload)
    if not isinstance(args, tuple) or not isinstance(kwargs, dict) or not all(isinstance(k, str) for k in kwargs):
        raise TypeError("a hand-over holds (args, kwargs)")

    def one(value):
        encoded = wire.encode(value)
        if isinstance(encoded, dict) and "__object__" in encoded:
            return {"object": type(value).__name__}
        return {"data": value}

    return {"args": [one(a) for a in args], "kwargs": {k: one(v) for k, v in kwargs.items()}}


def handed_over(payload: bytes) -> tuple[list, dict]:
    """The arguments of a probe call: data as values, the student's objects as `Student`s.

    A hand-over as the course's probes write it (`probes.split_handover`: a line of JSON, then the objects'
    pickle) is read here, as a child's results are; the pickle is loaded only in the children that call the
    objects. Anything else is taken for a pickle of (args, kwargs), described by a child."""
    if payload[:1] == b"{":
        import probes

        args, kwargs, objects = probes.read_handover(payload)

        def build(item):
            return item["data"] if "data" in item else Student(objects, ("objects", item["object"]), item["type"])

        return [build(a) for a in args], {k: build(v) for k, v in kwargs.items()}
    described = in_child(_describe, payload)

    def build(item, where):
        if isinstance(item, dict) and "object" in item:
            return Student(payload, where, str(item["object"]))
        return item["data"]

    args = [build(item, ("args", i)) for i, item in enumerate(described["args"])]
    kwargs = {k: build(item, ("kwargs", k)) for k, item in described["kwargs"].items()}
    return args, kwargs


def _probe(check: str):
    module, _, name = check.partition(".")
    if not re.fullmatch(r"\w+", module) or not re.fullmatch(r"\w+", name):
        return None
    try:
        fn = getattr(importlib.import_module(f"probes.{module}"), name, None)
    except ImportError:
        return None
    return fn if getattr(fn, "check_name", None) == check else None


def run_check(check: str, payload: bytes) -> dict:
    """Run one hidden check on handed-over arguments; {"check", "observation"} or {"check", "failed"}."""
    name = check.partition(".")[2]
    fn = _probe(check)
    if fn is None:
        return {"check": check, "failed": f"there is no hidden check {check!r}"}
    _REPORTS.clear()
    _DEADLINE[0] = time.monotonic() + CHECK_BUDGET
    try:
        try:
            args, kwargs = handed_over(payload)
        except StudentRaised as exc:
            return {"check": check, "failed": (
                f"the grader could not take what this cell gives the hidden check {name} out of your notebook "
                f"({exc.wire_names[0]}: {exc}). Define what the exercise asks for at the top level of the "
                "notebook, without open files, locks or other resources that cannot be copied")}
        fn.__wrapped__(*args, **kwargs)
    except StudentRaised as exc:
        if exc.wire_names[0] == HandOverUnreadable.__name__:  # its message says what to do
            return {"check": check, "failed": f"{name}: {exc}"}
        return {"check": check, "failed": f"{name}: your code raised {exc.wire_names[0]}: {exc}"}
    except AssertionError as exc:
        return {"check": check, "failed": str(exc)}
    except Exception as exc:  # noqa: BLE001 - what the probe met in the student's results
        if type(exc).__name__ in ("RankError", "LaunchTimeout", "LaunchError"):  # helpers.launch says it in words
            return {"check": check, "failed": f"{name}: {str(exc)[:3000]}"}
        return {"check": check, "failed": f"the hidden check {name} could not use what your code produced "
                                          f"({type(exc).__name__}: {str(exc)[:300]})"}
    finally:
        _sweep()
    if len(_REPORTS) != 1:
        return {"check": check, "failed": f"the hidden check {name} made {len(_REPORTS)} reports"}
    reported_check, observation = _REPORTS[0]
    return {"check": reported_check, "observation": observation}


def once(key, compute: Callable[[], Any]) -> Any:
    """compute()'s value, computed once per notebook for `key` (an exercise and its cases): where two checks of
    one exercise judge its results and its method, the first check runs the student's code and this process
    keeps what the ranks handed back; the second gets a copy of that run, whatever its cell hands over. So both
    verdicts are about one run: code cannot show the method check one behaviour and the results check another,
    whether it tells the checks apart by counting its runs or by handing over another class for the second
    (an attribute flipped between the cells), and the run costs once. The first run stands (an extra hand-over
    in a cell fails that cell anyway). Outside the observer (a notebook at home) every call runs. A compute
    that raises keeps nothing."""
    if not (ACTIVE and os.getpid() == _PID):
        return compute()
    import copy

    if key not in _ONCE:
        _ONCE[key] = compute()
    return copy.deepcopy(_ONCE[key])


def _after_fork() -> None:
    """In every child of the observer: the channel to the grader is closed before anything else runs. Then
    forgotten, in that child: the numbers may be the student's own descriptors in any process it forks later.
    And the child starts a session of its own, whether it runs a check or a rank the observer forked: its
    processes share no autogroup with the observer, whose nice value a write to /proc/self/autogroup would
    otherwise set for the whole session (rounds 28 and 29: from a check's child, then from a rank)."""
    if not _CHANNEL:
        return  # a later fork, in a process of the student's code: its session is that child's already
    for fd in _CHANNEL:
        try:
            os.close(fd)
        except OSError:
            pass
    _CHANNEL.clear()
    try:
        os.setsid()
    except OSError:
        pass


def _send(fd: int, message: dict) -> None:
    data = json.dumps(message).encode()
    data = struct.pack(">Q", len(data)) + data
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _recv(fd: int, limit: int) -> dict | None:
    def exactly(n: int) -> bytes | None:
        return read_exactly(fd, n)

    head = exactly(8)
    if head is None:
        return None
    (size,) = struct.unpack(">Q", head)
    if size > limit:
        raise ValueError(f"request of {size} bytes")
    body = exactly(size)
    return None if body is None else json.loads(body)


def serve(read: int, write: int) -> None:
    """Become the observer on the channel (read, write): answer each request until it closes."""
    global ACTIVE, _PID
    _CHANNEL[:] = [read, write]
    os.register_at_fork(after_in_child=_after_fork)
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_DUMPABLE, 0, 0, 0, 0)  # no /proc/<pid>/mem, fd, environ for a same-user process
        libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)  # orphans of a call come back here, to be killed
    except (OSError, AttributeError):
        pass
    ACTIVE, _PID = True, os.getpid()
    _CPUS.update(os.sched_getaffinity(0))
    import torch  # imported once, before the first call, as every child needs it

    # One thread, so that this process never starts an OpenMP pool: GNU OpenMP is not fork-safe, and a
    # child forked after the observer ran one large enough operation on its pool (copying a wide model's
    # parameters back, say) hung in its own first parallel operation until the call's time limit. A child
    # may still set more threads for itself: its pool is then its own, started after the fork.
    torch.set_num_threads(1)

    import helpers  # noqa: F401

    _send(write, {"ready": True})
    from probes import MAX_HANDOVER_BYTES

    while True:
        request = _recv(read, 2 * MAX_HANDOVER_BYTES)
        if request is None:
            return
        check = request.get("check") if isinstance(request, dict) else None
        try:
            payload = base64.b64decode(request.get("args") or "", validate=True)
        except (ValueError, TypeError, AttributeError):
            payload = None
        if not isinstance(check, str) or payload is None:
            answer = {"check": str(check)[:100], "failed": "the grader sent a malformed request"}
        else:
            answer = run_check(check, payload)
        _send(write, answer)


def main() -> None:
    os.environ["DISTCOURSE_PRIVATE_FORK_SERVER"] = "1"  # a fork server it starts is not dumpable (helpers._forkserver)
    # Its folder, the cwd of its fork server and ranks, is writable by the student's code: no interpreter it
    # starts (the fork server is one, `python -c`) puts the cwd on sys.path (round 13's hardening)
    os.environ["PYTHONSAFEPATH"] = "1"
    # nor reads a user site folder under its HOME (/tmp, writable by the student's code): a virtual environment
    # turns it off already, a system or conda Python would not (round 30's lead: a fork server killed by a check
    # and started again at the next launch)
    os.environ["PYTHONNOUSERSITE"] = "1"
    read, write = os.dup(0), os.dup(1)  # not inheritable: no child or rank gets them
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)  # what the student's code prints goes nowhere, never into the channel
    os.close(null)
    # Only now may a fork server start (where launches need one): it and every rank it forks keep the
    # stdout it was started with, and it must be private (DISTCOURSE_PRIVATE_FORK_SERVER, above).
    launch = sys.modules.get("helpers.launch")
    if launch is not None:
        launch.start_fork_server_early()
    try:
        serve(read, write)
    except (BrokenPipeError, KeyboardInterrupt):
        pass


if __name__ == "__main__":  # run as probes.observer, not __main__: the probes look for that module
    from probes import observer as _observer

    _observer.main()
