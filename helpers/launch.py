"""Run one Python function on N ranks, from a notebook cell or a script.

Why this exists: `torch.multiprocessing.spawn` starts a fresh interpreter per rank (seconds of
`import torch` each time), cannot pickle a function defined in a notebook cell, and leaves you to set
up the process group, pick a port, collect return values and clean up after a hang. `launch` does all
of that, so a lecture cell can say::

    def hello():
        import torch.distributed as dist
        return f"rank {dist.get_rank()} of {dist.get_world_size()}"

    helpers.launch(hello, 2)          # ['rank 0 of 2', 'rank 1 of 2']

Inside `fn` the default process group is already initialised (`init_method="env://"` semantics:
RANK, WORLD_SIZE, LOCAL_RANK, MASTER_ADDR and MASTER_PORT are set), so the same function also runs
unchanged under `torchrun`, where the script initialises the group itself.

How it works: processes are started by `torch.multiprocessing.start_processes` with one of three
start methods. "fork" (of this process) where it is safe: Linux, CUDA not yet initialised here, and
no backward pass has started the autograd engine's GPU device threads here; it starts ranks in
milliseconds and they see notebook functions directly. Where fork of this process is unsafe (after
a backward or CUDA use on a GPU machine, and always on macOS), "forkserver": ranks are forked from
this process's fork server, a fresh interpreter that imported torch, torch.distributed, DDP and the
modules DDP imports lazily (helpers/_forkserver.py) and never initialised CUDA, so they start in a
fraction of a second whatever this process did; the function travels by cloudpickle. "spawn" (a
fresh interpreter per rank, seconds each) only where there is no fork server (Windows) or when asked.

The fork server is Python's own "forkserver" start method with a preload, not a server of ours:
it is exec'd with only its listening socket (a file in a private 0700 folder, mode 0600) and one
pipe kept open, so no descriptor of this process reaches it or its ranks (a private channel the
caller holds stays private); it exits when that pipe says this process died, however it died, and
every rank it forked is SIGKILLed when the server dies (prctl PDEATHSIG), so nothing outlives the
caller. Where launches will need it (macOS, where every launch goes through it; Linux with a GPU,
where the first backward or CUDA use makes fork unsafe; DISTCOURSE_START_METHOD=forkserver) it is
started early, in the background, so that the notebook's first launch finds it warm: when a Jupyter
kernel imports helpers, and when the grader's kernel template turns into a kernel
(`start_fork_server_early`). A process that imports helpers and forks others (the template itself)
starts none, and each kernel's server is its own, inside its own sandbox. Elsewhere (a script, a
Linux machine without a GPU) it starts on the first launch that needs it, which pays its start (a
fresh `import torch` and DDP's modules: about 4 s on a 2-core laptop); later launches do not.

The rendezvous TCPStore lives in rank 0, on a free IPv4 port chosen by the OS, so two launches
never race for a port and the notebook's own process runs no store thread that a fork could catch
mid-call. On Linux the ranks join a network namespace of the caller's own before they make a socket
(helpers/private_network.py), so no other account of the machine reaches their store or their gloo
connections, which have no authentication. Each rank writes its return value, or its exception and traceback, to a private folder;
the parent re-raises the first failure with the rank number, and on timeout kills every rank and
names those that had not finished. The parent learns how a rank ended from its exit status only
(torch's own join would unpickle a file the rank could write). With `untrusted_results=True` the
parent unpickles nothing a rank wrote (see `launch`). The environment variable
DISTCOURSE_START_METHOD ("fork", "forkserver" or "spawn") overrides the choice when `start_method`
is None (`make test-spawn` runs every notebook under spawn with it).

The device rule (one rule, followed by every lecture, exercise and test). With `backend="auto"` and
G = `torch.cuda.device_count()` GPUs for a launch of `world_size` ranks:

- G == 0: every rank on CPU, process group "gloo".
- G >= world_size: rank r on `cuda:r` (r is also LOCAL_RANK), process group "cpu:gloo,cuda:nccl":
  CUDA tensors travel through NCCL, CPU tensors (small bookkeeping: a loss to log, a count) through
  gloo, so both kinds work in collectives and send/recv.
- 0 < G < world_size (e.g. two ranks on one GPU): every rank on CPU with "gloo". NCCL refuses two
  ranks on one GPU and gloo cannot send/recv CUDA tensors, so sharing a GPU is not an option; a
  one-rank launch on a one-GPU machine does use the GPU.

`rank_device()` returns the rank's device under that rule, `device_plan(world_size)` the whole
decision (backend string, per-rank devices, and why), so a cell can print what it is about to get.
Code that hands tensors or models to collectives, DDP, send/recv, FSDP or a pipeline puts them on
`rank_device()` and brings results back with `.cpu()`; DDP takes `device_ids=[dev.index]` on CUDA
and `device_ids=None` on CPU. Outside any launch `rank_device()` is `cuda:LOCAL_RANK` (0 in a
notebook) when a GPU exists, else CPU.

When DISTCOURSE_LAUNCH_LOG names a file, every launch appends one JSON line to it: world_size,
backend, devices, start_method, seconds, startup_s (from asking for the ranks until every rank had
started: imports done, ready to run `fn`; null when they never all started), ok, network ("private": the
ranks were in a network namespace of the caller's own, see helpers/private_network.py; "shared": not).
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import dataclasses
import datetime
import io
import json
import os
import pickle
import shutil
import signal
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass
from typing import Any, Callable

import cloudpickle
import psutil

from helpers import private_network

__all__ = [
    "launch", "LaunchError", "RankError", "LaunchTimeout", "rank_device", "resolve_backend", "device_plan",
    "DevicePlan", "ddp_device_ids", "parse_bytes", "start_fork_server_early", "drawn_seed",
]

_DEFAULT_TIMEOUT = 60.0
_GRACE = 0.5  # seconds the surviving ranks get to exit after another rank failed
#: Seconds the ranks may take to start (a spawned rank imports torch afresh: seconds on a slow
#: laptop) before `timeout` starts counting. Rank start-up is not the launched code's time.
STARTUP_LIMIT = 300.0
_LIVE: set[int] = set()  # pids of ranks started by this process and not yet reaped
_STARTUP: list[float] = []  # seconds the last _launch took to start all its ranks (the launch log's startup_s)
_NETWORK: list[str] = []  # the network the last _launch's ranks had: "private" or "shared" (the launch log's)


class LaunchError(RuntimeError):
    """Base class of the errors `launch` raises after its ranks started."""


class RankError(LaunchError):
    """A rank raised an exception or died.

    Attributes:
        rank: the rank that failed first.
        exc_type: name of the exception's class in that rank (or "exit code N" / "signal NAME").
        remote_traceback: the traceback printed in that rank, as text.
        exception: the original exception object when it could be sent back, else None.
    """

    def __init__(self, message: str, rank: int, exc_type: str, remote_traceback: str, exception=None):
        super().__init__(message)
        self.rank = rank
        self.exc_type = exc_type
        self.remote_traceback = remote_traceback
        self.exception = exception


class LaunchTimeout(LaunchError, TimeoutError):
    """Some ranks were still running when the launch timed out; every rank was killed.

    Attributes:
        running: ranks still inside the launched function.
        waiting: ranks that had returned and were waiting for the others.
    """

    def __init__(self, message: str, running: list[int], waiting: list[int]):
        super().__init__(message)
        self.running = running
        self.waiting = waiting


@dataclass(frozen=True)
class _Job:
    fn: Callable
    args: tuple
    kwargs: dict
    world_size: int
    backend: str | None
    workdir: str
    threads: int
    timeout: float
    prefix_output: bool
    memory_budget: int | None = None
    devices: tuple = ()
    warm: bool = False  # spawned ranks import DDP's lazy modules before they count as started
    env: dict | None = None  # the caller's environment, for ranks forked from the fork server
    untrusted: bool = False  # untrusted_results: the rank sends plain data only, errors as text
    parent: int | None = None  # the pid the ranks' parent has (this process, or its fork server)
    seeds: tuple | str | None = None  # "os": each rank draws its own (see `launch`); a tuple: rank r gets seeds[r]
    seal_reader: int | None = None  # fork only: the caller's end of the seed pipe, closed in the rank at once
    network: tuple | None = None  # (holder pid, kinds): the namespaces the ranks join first (private_network)
    relay: tuple | None = None  # fork under Jupyter only: the (stdout, stderr) pipes' ends the ranks write to
    relay_read: tuple = ()  # the caller's ends of those pipes, closed in the rank at once


#: Environment variables read by the launcher (see the module docstring).
START_METHOD_ENV = "DISTCOURSE_START_METHOD"
LAUNCH_LOG_ENV = "DISTCOURSE_LAUNCH_LOG"
GPU_MEMORY_ENV = "DISTCOURSE_GPU_MEMORY_BYTES"
_DEVICE_ENV = "DISTCOURSE_DEVICE"  # set in each rank: the device the plan gave it

_MIXED = "cpu:gloo,cuda:nccl"


@dataclass(frozen=True)
class DevicePlan:
    """What a launch of `world_size` ranks gets on this machine (see the rule in the module docstring).

    Attributes:
        world_size: number of ranks.
        gpus: CUDA devices this process sees (`torch.cuda.device_count()`).
        backend: the process-group backend string given to `init_process_group` ("gloo",
            "cpu:gloo,cuda:nccl", "nccl"), or None for plain processes.
        devices: each rank's device, as strings ("cpu", "cuda:0", ...), in rank order.
        reason: one sentence saying why.
    """

    world_size: int
    gpus: int
    backend: str | None
    devices: tuple
    reason: str

    @property
    def uses_gpu(self) -> bool:
        return any(d.startswith("cuda") for d in self.devices)


def _gpu_count() -> int:
    """GPUs visible to this process, counted without initialising CUDA (NVML first, as torch does)."""
    import torch

    try:
        return torch.cuda.device_count()
    except Exception:  # noqa: BLE001 - a broken driver is "no GPU" for the course
        return 0


def device_plan(world_size: int, backend: str | None = "auto") -> DevicePlan:
    """Decide the process-group backend and every rank's device for a launch of `world_size` ranks.

    Args:
        world_size: number of ranks, at least 1.
        backend: "auto" (the course's rule), "gloo" (every rank on CPU), "nccl" (one GPU per rank,
            NCCL only: CPU tensors are refused), or None (plain processes on CPU: no process group,
            and no GPU touched, so a pure-Python job does not pay for a CUDA context).

    Returns:
        A `DevicePlan`. Nothing is started and CUDA is not initialised.
    """
    if isinstance(world_size, bool) or not isinstance(world_size, int):
        raise TypeError(f"world_size must be an int (the number of ranks), got {world_size!r}")
    if world_size < 1:
        raise ValueError(f"world_size must be at least 1, got {world_size}")
    if backend is not None and not isinstance(backend, str):
        raise TypeError(f"backend must be 'auto', 'gloo', 'nccl' or None, not {backend!r}")
    key = backend.lower() if backend is not None else None
    if key not in ("auto", "gloo", "nccl", None):
        raise ValueError(f"backend must be 'auto', 'gloo', 'nccl' or None, not {backend!r}")
    gpus = _gpu_count()
    cpu = tuple("cpu" for _ in range(world_size))
    cuda = tuple(f"cuda:{r}" for r in range(world_size))
    enough = gpus >= world_size
    if key == "gloo":
        return DevicePlan(world_size, gpus, "gloo", cpu, "backend='gloo' was asked for: every rank on CPU")
    if key == "nccl":
        if not enough:
            raise ValueError(
                f"backend='nccl' needs one GPU per rank: world_size={world_size} but this machine has "
                f"{gpus} CUDA device(s) (NCCL refuses two ranks on one GPU). Use backend='gloo' or 'auto'."
            )
        return DevicePlan(world_size, gpus, "nccl", cuda, f"backend='nccl': rank r on cuda:r ({gpus} GPU(s))")
    if key is None:
        return DevicePlan(world_size, gpus, None, cpu, "backend=None: plain processes on CPU, no process group")
    if gpus == 0:
        return DevicePlan(world_size, 0, "gloo", cpu, "no GPU: every rank on CPU with gloo")
    if enough:
        return DevicePlan(world_size, gpus, _MIXED, cuda,
                          f"{gpus} GPU(s) for {world_size} rank(s): rank r on cuda:r, "
                          "CUDA tensors through NCCL and CPU tensors through gloo")
    return DevicePlan(
        world_size, gpus, "gloo", cpu,
        f"{gpus} GPU(s) for {world_size} ranks: every rank on CPU with gloo (NCCL refuses two ranks on one "
        f"GPU and gloo cannot send/recv CUDA tensors); launch at most {gpus} rank(s) to use the GPU(s)",
    )


def resolve_backend(backend: str | None, world_size: int) -> str | None:
    """The process-group backend string `launch` will use: `device_plan(world_size, backend).backend`.

    "auto" gives "gloo" without GPUs or with fewer GPUs than ranks, "cpu:gloo,cuda:nccl" with one GPU
    per rank. None means no process group at all (plain processes).
    """
    return device_plan(world_size, backend).backend


def rank_device():
    """The device this rank puts its tensors and models on, under the course's device rule.

    Inside `launch`: the device the plan gave this rank (`cuda:r` or CPU). Under `torchrun` (a
    process group the script initialised itself): `cuda:LOCAL_RANK` when the group's backend has
    NCCL, else CPU. Outside any process group (a notebook cell): `cuda:LOCAL_RANK` (cuda:0) when a
    GPU exists, else CPU.
    """
    import torch
    import torch.distributed as dist

    planned = os.environ.get(_DEVICE_ENV)
    if planned:
        return torch.device(planned)
    local = int(os.environ.get("LOCAL_RANK", "0"))
    if dist.is_available() and dist.is_initialized():
        return torch.device("cuda", local) if "nccl" in str(dist.get_backend()) else torch.device("cpu")
    return torch.device("cuda", local) if _gpu_count() > local else torch.device("cpu")


def ddp_device_ids(device=None) -> list | None:
    """What DDP's `device_ids` must be for a module on `device` (default `rank_device()`).

    `[device.index]` for a CUDA device, None for CPU (DDP refuses `device_ids` for a CPU module).
    """
    import torch

    device = rank_device() if device is None else torch.device(device)
    return [device.index if device.index is not None else torch.cuda.current_device()] if device.type == "cuda" else None


def launch(
    fn: Callable,
    world_size: int,
    *args: Any,
    backend: str | None = "auto",
    timeout: float = _DEFAULT_TIMEOUT,
    start_method: str | None = None,
    threads_per_rank: int = 1,
    prefix_output: bool = True,
    memory_budget: int | str | None = None,
    untrusted_results: bool = False,
    seeds: str | list | tuple | None = None,
    **kwargs: Any,
) -> list:
    """Run `fn(*args, **kwargs)` on `world_size` ranks and return their results in rank order.

    Args:
        fn: the function each rank runs. It may be defined in a notebook cell. Inside it the default
            process group is initialised, so `dist.get_rank()` and collectives just work.
        world_size: number of ranks (processes), at least 1.
        *args, **kwargs: passed to `fn` on every rank (copied into each process).
        backend: "auto" (the device rule above: gloo on CPU without enough GPUs, "cpu:gloo,cuda:nccl"
            with rank r on cuda:r when there is a GPU per rank), "gloo", "nccl", or None for plain
            processes without a process group. `device_plan(world_size, backend)` says what you get.
        timeout: seconds the ranks may run once they have all started (a spawned rank's
            start-up, importing torch, does not count; it has `STARTUP_LIMIT` seconds of its own).
            Past it every rank is killed and `LaunchTimeout` names the ranks that had not finished.
        start_method: "fork", "forkserver" or "spawn"; None takes DISTCOURSE_START_METHOD from the
            environment when set, else fork when it is safe (Linux, CUDA not initialised in this
            process, no backward pass has started autograd's GPU device threads here, and one
            thread per rank: GNU OpenMP's pool does not survive a fork),
            "forkserver" otherwise (ranks forked from this process's fork server, see above), and
            spawn only where there is no fork server (Windows).
        threads_per_rank: `torch.set_num_threads` in each rank (1 keeps N ranks from fighting
            over a laptop's few cores).
        prefix_output: prefix each line a rank prints with "[rank r]".
        memory_budget: make each rank a small "device": bytes (or a size such as "300MiB") it may
            allocate beyond what it holds when `fn` starts. Enforced for real, with the same
            meaning on both: on CPU with `setrlimit(RLIMIT_DATA)` above the rank's data segment
            (Linux only), so PyTorch raises "DefaultCPUAllocator: can't allocate memory"; on a GPU
            with `torch.cuda.set_per_process_memory_fraction` above the memory the rank's caching
            allocator already reserved, so CUDA raises `torch.OutOfMemoryError`. None: no limit
            (but a rank on a GPU still obeys DISTCOURSE_GPU_MEMORY_BYTES when that is set).
        untrusted_results: for a caller that must not trust its ranks (a grader whose ranks run
            untrusted code): this process never unpickles anything a rank wrote. Return values are
            read with an unpickler that refuses every global (plain data only: None, bool, int,
            float, complex, str, bytes, bytearray, list, tuple, dict, set, frozenset; a tensor or
            any object is refused with a RankError), from a regular file opened with
            O_NOFOLLOW|O_NONBLOCK and at most `UNTRUSTED_RESULT_LIMIT` bytes (a rank that swaps its
            result for a link or a FIFO is refused, never waited for); a rank's exception comes back
            as a RankError carrying only text (its type's name, message and traceback; `exception`
            is None). (Rank errors that torch's process helpers would unpickle are never read either.)
        seeds: give each rank a seed of its own, read in the rank with `drawn_seed()`: a list of
            `world_size` ints (rank r gets seeds[r]: a run you can repeat), or "os": each rank draws
            its seed from the operating system when it starts, before any rank runs `fn`, and hands
            it to this process through a pipe it closes at once. No rank learns another's seed but
            by communicating, and nothing `fn` does afterwards changes the seeds this process reads
            (a grader's ranks build their part of a problem from their own seed; the judge
            rebuilds the whole problem from the seeds). With seeds the launch returns
            `(seeds, results)`.

    Returns:
        A list with `fn`'s return value from rank 0, 1, ..., world_size - 1 (with `seeds`, the pair
        `(seeds, that list)`).

    Raises:
        ValueError / TypeError: bad arguments (nothing is started).
        RankError: a rank raised or died; its rank number and traceback are in the message.
        LaunchTimeout: the launch took longer than `timeout`.
    """
    if not callable(fn):
        raise TypeError(f"launch() needs a function to run on each rank as its first argument, got {type(fn).__name__} {fn!r}")
    if isinstance(world_size, bool) or not isinstance(world_size, int):
        raise TypeError(f"world_size must be an int (the number of ranks), got {world_size!r}")
    if world_size < 1:
        raise ValueError(f"world_size must be at least 1, got {world_size}")
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout > 0:
        raise ValueError(f"timeout must be a positive number of seconds, got {timeout!r}")
    if isinstance(threads_per_rank, bool) or not isinstance(threads_per_rank, int) or threads_per_rank < 1:
        raise ValueError(f"threads_per_rank must be a positive int, got {threads_per_rank!r}")
    if not isinstance(untrusted_results, bool):
        raise TypeError(f"untrusted_results must be True or False, not {untrusted_results!r}")
    if seeds is not None and seeds != "os":
        if (not isinstance(seeds, (list, tuple)) or len(seeds) != world_size
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in seeds)):
            raise ValueError(f"seeds must be \"os\" or a list of {world_size} ints (one per rank), got {seeds!r}")
        seeds = tuple(seeds)
    budget = parse_bytes(memory_budget) if memory_budget is not None else None
    network = private_network.mode()
    plan = device_plan(world_size, backend)
    chosen = _choose_start_method(start_method, plan, threads_per_rank)
    if chosen == "fork" and plan.gpus > 0:
        # On a GPU machine fork stops being safe at the first backward or CUDA use: start the
        # fork server now, in the background, so the launch that needs it finds it warm.
        with contextlib.suppress(Exception):
            _ensure_fork_server()
    started, ok = time.monotonic(), False
    _STARTUP.clear()
    _NETWORK.clear()
    rest = (threads_per_rank, prefix_output, budget, untrusted_results, seeds, network)
    try:
        try:
            results = _launch(fn, plan, args, kwargs, timeout, chosen, *rest)
        except RankError as exc:
            # A safety net for the check in _choose_start_method: if a forked rank still met the
            # autograd engine's fork guard, fork is unusable in this process from now on.
            # Never on the word of ranks that run untrusted code: the message is text a rank can raise, and the
            # switch is for the life of this process (round 11 used it to move a grader's later launches onto a
            # fork server whose memory a rank could write).
            if not (chosen == "fork" and start_method is None and not untrusted_results
                    and _AUTOGRAD_FORK_ERROR in str(exc)):
                raise
            global _FORK_BROKEN
            _FORK_BROKEN = True
            chosen = _unsafe_fork_method()
            results = _launch(fn, plan, args, kwargs, timeout, chosen, *rest)
        ok = True
        return results
    finally:
        _log_launch(plan, chosen, time.monotonic() - started, ok)


def _log_launch(plan: DevicePlan, start_method: str, seconds: float, ok: bool) -> None:
    path = os.environ.get(LAUNCH_LOG_ENV)
    if not path:
        return
    startup = round(_STARTUP[-1], 3) if _STARTUP else None
    line = json.dumps({"world_size": plan.world_size, "backend": plan.backend, "devices": list(plan.devices),
                       "start_method": start_method, "seconds": round(seconds, 3), "startup_s": startup, "ok": ok,
                       "network": _NETWORK[-1] if _NETWORK else None})
    with contextlib.suppress(OSError), open(path, "a") as fh:
        fh.write(line + "\n")


def _launch(fn, plan: DevicePlan, args, kwargs, timeout, start_method, threads_per_rank, prefix_output, budget,
            untrusted: bool = False, seeds=None, network: str = "auto"):
    world_size = plan.world_size
    namespaces = private_network.network_for(network, start_method)
    _NETWORK.append("private" if namespaces else "shared")

    import multiprocessing.connection

    import torch.multiprocessing as mp

    workdir = tempfile.mkdtemp(prefix="launch-")
    ctx = None
    reader = sealer = relay = None
    try:
        if seeds == "os":
            # The ranks' seeds come back through this pipe: each rank writes its own and closes its
            # end before it marks itself started, so before any rank runs `fn` (which waits for all).
            read_fd, write_fd = os.pipe()
            reader = multiprocessing.connection.Connection(read_fd, writable=False)
            sealer = multiprocessing.connection.Connection(write_fd, readable=False)
        # No store, no thread in this process: rank 0 hosts the rendezvous store on a port the OS
        # picks and publishes it in workdir. (A store server thread here would sometimes be inside
        # getnameinfo, holding glibc's resolver lock, at the moment of a fork; the rank inheriting
        # the held lock hung forever in its own lookup.)
        job = _Job(fn, args, kwargs, world_size, plan.backend, workdir, threads_per_rank, float(timeout), prefix_output,
                   budget, plan.devices, warm="torch._dynamo" in sys.modules, untrusted=untrusted, parent=os.getpid(),
                   seeds=seeds, network=namespaces)
        if start_method == "fork":
            _warm_imports()
            if _OutputRelay.needed():
                relay = _OutputRelay()
            target, payload = _fork_entry, dataclasses.replace(
                job, seal_reader=reader.fileno() if reader else None, relay=relay.write_ends if relay else None,
                relay_read=relay.read_ends if relay else ())
        elif start_method == "forkserver":
            server = _ensure_fork_server()
            # The server's ranks inherit the server's environment, not ours: ours travels with the job.
            job = dataclasses.replace(job, env=dict(os.environ), parent=server)
            target, payload = _forkserver_entry, _dumps(job)
        else:
            target, payload = _spawn_entry, _dumps(job)
        # `timeout` counts from the moment every rank has started (imports done): forked ranks start
        # in milliseconds, spawned ones in seconds, and neither is the launched function's time.
        started_at, started_wall = time.monotonic(), time.time()
        deadline = None
        with private_network.spawned_in(namespaces if start_method == "spawn" else None):
            ctx = mp.start_processes(target, args=(payload, sealer), nprocs=world_size, join=False,
                                     start_method=start_method)
        _LIVE.update(ctx.pids())
        if sealer is not None:
            sealer.close()  # every rank has its copy now (forked, or sent with its start)
        if relay is not None:
            relay.started()
        while True:
            if deadline is None:
                if all(os.path.exists(_path(workdir, r, "started")) for r in range(world_size)):
                    deadline = time.monotonic() + timeout
                    _STARTUP.extend(_startup_seconds(workdir, world_size, started_wall))
                elif time.monotonic() - started_at > STARTUP_LIMIT:
                    raise _timeout_error(ctx, workdir, world_size, timeout, startup=True)
            remaining = (deadline if deadline is not None else time.monotonic() + 0.25) - time.monotonic()
            if remaining <= 0:
                raise _timeout_error(ctx, workdir, world_size, timeout)
            state = _wait_ranks(ctx, min(remaining, 0.25), relay)
            if state is True:
                if deadline is None:  # they started and finished within one wait
                    _STARTUP.extend(_startup_seconds(workdir, world_size, started_wall))
                break
            if isinstance(state, _Exited):
                raise _rank_error(ctx, workdir, world_size, state, untrusted)
        results = [_result(workdir, r, world_size, untrusted) for r in range(world_size)]
        if seeds is None:
            return results
        return (list(seeds) if reader is None else _sealed_seeds(reader, world_size)), results
    finally:
        for end in (reader, sealer):
            if end is not None:
                with contextlib.suppress(OSError):
                    end.close()
        if relay is not None:
            relay.close()  # what the ranks printed last, before anything is raised or returned
        if ctx is not None:
            _kill_all(ctx)
            for name in getattr(ctx, "error_files", ()):  # torch's, never read (see _wait_ranks)
                with contextlib.suppress(Exception):
                    os.unlink(name)
        shutil.rmtree(workdir, ignore_errors=True)


def _sealed_seeds(reader, world_size: int) -> list[int]:
    """The seed each rank drew, read from the pipe every rank wrote to and closed before any ran `fn`."""
    found: dict[int, int] = {}
    while reader.poll(5.0):
        try:
            message = reader.recv_bytes(64)
        except (EOFError, OSError):
            break
        rank, _, seed = message.decode("ascii", "replace").partition(" ")
        if not (rank.isdigit() and seed.isdigit()) or int(rank) in found or int(rank) >= world_size:
            raise LaunchError(f"the ranks' seeds came back garbled ({message[:40]!r})")
        found[int(rank)] = int(seed)
    if len(found) != world_size:
        raise LaunchError(f"ranks {sorted(set(range(world_size)) - set(found))} never said what seed they drew")
    return [found[r] for r in range(world_size)]


def _startup_seconds(workdir: str, world_size: int, since: float) -> list[float]:
    """[seconds from `since` (wall clock) until the last rank wrote its "started" mark], or [] if a mark is gone."""
    try:
        marks = [os.stat(_path(workdir, r, "started")).st_mtime for r in range(world_size)]
    except OSError:
        return []
    return [max(0.0, max(marks) - since)]


class _Pickler(cloudpickle.CloudPickler):
    """cloudpickle, except that a tensor's .grad travels with it: torch pickles a Parameter without its
    gradient, so a model handed to a spawned or fork-server rank arrived with every .grad None, where a
    forked rank (a copy of this process) has them."""

    def reducer_override(self, obj):
        import torch

        if isinstance(obj, torch.Tensor) and obj.grad is not None and type(obj) in (torch.Tensor, torch.nn.Parameter):
            return _with_grad, (obj.__reduce_ex__(self.proto), obj.grad)
        return super().reducer_override(obj)


def _with_grad(reduced: tuple, grad):
    """Rebuild a tensor from its own reduction (torch's) and give it back its gradient (_Pickler)."""
    obj = reduced[0](*reduced[1])
    if len(reduced) > 2 and reduced[2] is not None:
        obj.__setstate__(reduced[2])
    obj.grad = grad
    return obj


def _dumps(obj) -> bytes:
    buffer = io.BytesIO()
    _Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(obj)
    return buffer.getvalue()


@dataclass(frozen=True)
class _Exited:
    """The first rank that exited with a non-zero status (what torch's ProcessExitedException says)."""

    error_index: int
    exit_code: int
    signal_name: str | None


def _wait_ranks(ctx, timeout: float, relay: _OutputRelay | None = None):
    """Wait up to `timeout` s: True once every rank exited with 0, an `_Exited` once one failed, else None.

    torch's `ProcessContext.join` would do this, but it unpickles the error file a failed rank
    wrote (a rank running untrusted code could write anything there), so the launcher waits on the
    processes' sentinels itself and learns only exit codes. After a failure the other ranks get
    `_GRACE` seconds to stop on their own (their error files say whether they were an echo of it),
    then every rank is killed.
    """
    import multiprocessing.connection

    pending = [p for p in ctx.processes if p.exitcode is None]
    if pending:
        multiprocessing.connection.wait([p.sentinel for p in pending] + (relay.open_ends() if relay else []),
                                        timeout=timeout)
    if relay is not None:
        relay.drain()
    failed = [r for r, p in enumerate(ctx.processes) if p.exitcode not in (None, 0)]
    if not failed:
        return True if all(p.exitcode == 0 for p in ctx.processes) else None
    rank = failed[0]
    code = ctx.processes[rank].exitcode
    until = time.monotonic() + _GRACE
    while time.monotonic() < until:
        pending = [p for p in ctx.processes if p.exitcode is None]
        if not pending:
            break
        multiprocessing.connection.wait([p.sentinel for p in pending], timeout=max(0.0, until - time.monotonic()))
    _kill_all(ctx)
    name = None
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"<unknown signal {-code}>"
    return _Exited(rank, code, name)


_WARM = False


def _warm_imports() -> None:
    """Import, once in this process, what every rank would otherwise import after the fork.

    DDP's constructor imports torch._dynamo and the first backward torch.fx's symbolic shapes:
    about a second per rank, paid again at every launch. Imported here once, forked ranks inherit it.
    """
    global _WARM
    if not _WARM:
        import torch._dynamo  # noqa: F401
        import torch.fx.experimental.symbolic_shapes  # noqa: F401

        _WARM = True


def _cuda_fork_safe() -> bool:
    """False when this process may have initialised the CUDA driver, so a forked rank could not use it.

    `torch.cuda.device_count()` counts through NVML, which leaves CUDA alone; when NVML fails it
    falls back to `cudaGetDeviceCount`, after which forked children cannot use CUDA.
    """
    import torch

    if torch.cuda.is_initialized():
        return False
    count_nvml = getattr(torch.cuda, "_device_count_nvml", None)
    try:
        return count_nvml is not None and count_nvml() >= 0
    except Exception:  # noqa: BLE001
        return False


_AUTOGRAD_FORK_ERROR = "Unable to handle autograd's threading in combination with fork-based multiprocessing"
_FORK_BROKEN = False  # a forked rank of this process met the autograd engine's fork guard


def _autograd_threads_started() -> bool:
    """True when this process's autograd engine runs its device threads (named "pt_autograd_<device>").

    On a machine with a GPU the first backward pass starts one such thread per device, even for
    CPU tensors; from then on a forked child's backward fails with "Unable to handle autograd's
    threading in combination with fork-based multiprocessing". A notebook that trained anything
    before launching must then spawn its ranks. (A CPU-only build starts no such threads.)
    """
    try:
        tasks = os.listdir("/proc/self/task")
    except OSError:
        return False
    for tid in tasks:
        try:
            with open(f"/proc/self/task/{tid}/comm") as fh:
                if fh.read().startswith("pt_autograd_"):
                    return True
        except OSError:
            continue
    return False


#: Modules the fork server imports before it forks any rank (helpers/_forkserver.py lists them).
_FORK_SERVER_PRELOAD = ["helpers._forkserver"]


def _ensure_fork_server() -> int:
    """Start this process's fork server unless it runs already; return its pid.

    Python's "forkserver" start method, with `helpers._forkserver` preloaded. Its server is
    exec'd (a fresh interpreter: it never saw this process's CUDA context or autograd threads) with
    only its listening socket and the read end of a pipe kept open: every other descriptor of this
    process is closed before it runs any code, and it closes its stdin. It exits when that pipe
    reaches end of file, which is when this process dies (however it dies); each rank it forked
    has asked Linux to SIGKILL it when the server dies. It serves only this process: it is
    started here, on the first launch that needs it, never at import (a process that imports
    helpers and then forks kernels, like the grader's kernel template, starts none).
    """
    from multiprocessing import forkserver

    server = forkserver._forkserver
    if server._forkserver_pid is None or server._forkserver_pid == os.getpid():
        forkserver.set_forkserver_preload(_FORK_SERVER_PRELOAD)
    server.ensure_running()
    return server._forkserver_pid


#: Set to "0" to start the fork server only on the first launch that needs it.
EARLY_SERVER_ENV = "DISTCOURSE_EARLY_FORK_SERVER"


def fork_server_needed() -> bool:
    """Whether launches of this process will, or may soon, go through the fork server.

    macOS (no fork of the caller there), DISTCOURSE_START_METHOD=forkserver, or Linux with an NVIDIA
    GPU (the first backward or CUDA use makes fork of the caller unsafe). Not where the environment
    asks for fork or spawn, nor where there is no fork server (Windows). Counting GPUs does not
    initialise CUDA, and a machine without an NVIDIA device node does not even import torch for it.
    """
    import multiprocessing

    method = os.environ.get(START_METHOD_ENV, "").strip().lower()
    if method in ("fork", "spawn") or "forkserver" not in multiprocessing.get_all_start_methods():
        return False
    if method == "forkserver" or not sys.platform.startswith("linux"):
        return True
    if not os.path.exists("/dev/nvidiactl") and not os.path.isdir("/proc/driver/nvidia"):
        return False
    return _gpu_count() > 0


def start_fork_server_early() -> int | None:
    """Start this process's fork server now, in the background, where launches will need it.

    The server imports torch and DDP's modules in its own process while the notebook goes on, so
    the first launch that needs it finds it warm instead of paying its start. Returns its pid, or
    None where it is not needed (or DISTCOURSE_EARLY_FORK_SERVER=0). Never call it in a process that
    forks others that launch (the grader's kernel template): they would share its server.
    """
    if os.environ.get(EARLY_SERVER_ENV, "1").strip() == "0":
        return None
    try:
        return _ensure_fork_server() if fork_server_needed() else None
    except Exception:  # noqa: BLE001 - the first launch that needs it starts it, or says why it cannot
        return None


def _start_fork_server_at_import() -> None:
    """`import helpers` in a Jupyter kernel starts the fork server early (see `start_fork_server_early`)."""
    ipython = sys.modules.get("IPython")
    shell = getattr(ipython, "get_ipython", lambda: None)() if ipython is not None else None
    if shell is not None and type(shell).__name__ == "ZMQInteractiveShell":
        start_fork_server_early()


def _unsafe_fork_method() -> str:
    """What runs where fork of this process is unsafe: the fork server, or spawn where there is none."""
    import multiprocessing

    return "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"


_METHODS = ("fork", "forkserver", "spawn")


def _choose_start_method(start_method: str | None, plan: DevicePlan | None = None, threads: int = 1) -> str:
    import multiprocessing

    import torch

    source = "start_method"
    if start_method is None and os.environ.get(START_METHOD_ENV):
        start_method, source = os.environ[START_METHOD_ENV].strip().lower(), START_METHOD_ENV
    cuda_live = torch.cuda.is_initialized()
    if start_method is None:
        fork_ok = sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods()
        if plan is not None and plan.uses_gpu and not _cuda_fork_safe():
            fork_ok = False
        if _FORK_BROKEN or _autograd_threads_started():
            fork_ok = False
        # GNU OpenMP is not fork-safe: a rank forked from a process that already ran an operation on
        # its thread pool (a training step on a wide model) hangs in its first operation on more than
        # one thread. One thread a rank never touches the pool; more come from the fork server, which
        # never ran an operation.
        if threads > 1:
            fork_ok = False
        return "fork" if fork_ok and not cuda_live else _unsafe_fork_method()
    if start_method not in _METHODS:
        raise ValueError(f"{source} must be 'fork', 'forkserver', 'spawn' or None, not {start_method!r}")
    if start_method == "fork" and _autograd_threads_started():
        raise RuntimeError(
            "a backward pass already ran in this process on a machine with a GPU, so autograd's device "
            "threads are running and a forked rank's backward would fail. Pass start_method='forkserver' "
            "(or None, which picks it), or launch before any backward in this process."
        )
    if start_method == "fork" and cuda_live:
        raise RuntimeError(
            "CUDA is already initialised in this process, and a forked child cannot use it. "
            "Pass start_method='forkserver' (or None, which picks it), or restart the kernel and "
            "launch before touching the GPU."
        )
    if start_method not in multiprocessing.get_all_start_methods():
        raise ValueError(f"start_method {start_method!r} is not available on this platform")
    return start_method


# --------------------------------------------------------------------------- inside each rank


def _fork_entry(rank: int, job: _Job, sealer=None) -> None:
    for fd in (job.seal_reader, *job.relay_read):  # a rank must not read the other ranks' seeds or output
        if fd is not None:
            with contextlib.suppress(OSError):
                os.close(fd)
    if job.relay is not None:
        sys.stdout, sys.stderr = (io.TextIOWrapper(io.FileIO(fd, "w", closefd=False), encoding="utf-8",
                                                   errors="backslashreplace", line_buffering=True) for fd in job.relay)
    _run_rank(rank, job, sealer)


class _OutputRelay:
    """What forked ranks print, carried to this process's sys.stdout and sys.stderr through two pipes.

    Used where this process is a Jupyter kernel: a rank forked from it inherits ipykernel's output
    streams, which send from a child process through a ZeroMQ socket to the kernel on 127.0.0.1 TCP: a
    connection a rank on the launch's private network cannot make (and every flush then waits out
    ZeroMQ's 3-second linger before it drops the text). Here the ranks write to plain pipes instead, and
    this process, which waits for them anyway, copies what arrives into the cell's output.
    """

    def __init__(self) -> None:
        import codecs

        pairs = [os.pipe() for _ in range(2)]
        self.read_ends = tuple(r for r, _ in pairs)
        self.write_ends = tuple(w for _, w in pairs)
        for fd in self.read_ends:
            os.set_blocking(fd, False)
        self._open = list(self.read_ends)
        self._decoders = {fd: codecs.getincrementaldecoder("utf-8")("replace") for fd in self.read_ends}
        self._writers_open = True

    @staticmethod
    def needed() -> bool:
        return any(type(stream).__module__.startswith("ipykernel") for stream in (sys.stdout, sys.stderr))

    def started(self) -> None:
        """Every rank holds its copy: close ours, so a pipe ends when the ranks and their children are gone."""
        if self._writers_open:
            self._writers_open = False
            for fd in self.write_ends:
                with contextlib.suppress(OSError):
                    os.close(fd)

    def open_ends(self) -> list[int]:
        return list(self._open)

    def drain(self, limit: int = 1 << 20) -> None:
        """Copy what is waiting (at most `limit` bytes a pipe, so a rank that never stops printing cannot hold us)."""
        for fd in list(self._open):
            stream = sys.stdout if fd == self.read_ends[0] else sys.stderr
            taken = 0
            while taken < limit:
                try:
                    chunk = os.read(fd, 65536)
                except BlockingIOError:
                    break
                except OSError:
                    chunk = b""
                if not chunk:
                    self._open.remove(fd)
                    os.close(fd)
                    text = self._decoders[fd].decode(b"", final=True)
                else:
                    taken += len(chunk)
                    text = self._decoders[fd].decode(chunk)
                if text:
                    with contextlib.suppress(Exception):
                        stream.write(text)
                        stream.flush()
                if not chunk:
                    break

    def close(self) -> None:
        """Copy what is left and close every end (a rank's child that still holds a pipe loses what it prints later)."""
        self.started()
        self.drain()
        for fd in self._open:
            with contextlib.suppress(OSError):
                os.close(fd)
        self._open = []


def _forkserver_entry(rank: int, payload: bytes, sealer=None) -> None:
    # The server hands every child the write end of the pipe it watches for its parent's death; a
    # rank that kept it would keep the server (and so itself) alive after the caller died.
    from multiprocessing import forkserver

    alive = forkserver._forkserver._forkserver_alive_fd
    if alive is not None:
        with contextlib.suppress(OSError):
            os.close(alive)
        forkserver._forkserver._forkserver_alive_fd = None
    job = cloudpickle.loads(payload)
    os.environ.clear()
    os.environ.update(job.env or {})
    _FRESH_RANK[:] = [True]
    _run_rank(rank, job, sealer)


def _spawn_entry(rank: int, payload: bytes, sealer=None) -> None:
    job = cloudpickle.loads(payload)  # imports torch and whatever the function's globals need
    if job.warm:
        _warm_imports()
    _FRESH_RANK[:] = [True]
    _run_rank(rank, job, sealer)


_DRAWN: list[int] = []  # in a rank launched with seeds: [this rank's seed]


def drawn_seed() -> int:
    """This rank's seed, in a rank of `launch(..., seeds=...)` (see `launch`)."""
    if not _DRAWN:
        raise RuntimeError("drawn_seed() is for a rank of launch(..., seeds=...); this process has no seed")
    return _DRAWN[0]


def _draw_seed(rank: int, job: _Job, sealer) -> None:
    """Set this rank's seed; with seeds="os" draw it here and hand it over before the rank counts as started."""
    if job.seeds is None:
        return
    if job.seeds != "os":
        _DRAWN[:] = [job.seeds[rank]]
        return
    seed = int.from_bytes(os.urandom(6), "little")
    try:
        sealer.send_bytes(f"{rank} {seed}".encode("ascii"))
    finally:
        sealer.close()
    _DRAWN[:] = [seed]


_FRESH_RANK: list[bool] = []  # [True] in a rank that is not a copy of its caller (fork server, spawn)


def _warm_training_libraries() -> None:
    """One tiny training step (forward, backward, SGD, Adam and AdamW steps), on CPU, the random state kept.

    Run in a rank that is not a copy of its caller before a CPU memory budget is set, so that what the
    libraries allocate at their first use counts as what the rank holds when `fn` starts, as it does in a
    forked rank, whose caller had trained already. On an NVIDIA H200 machine (torch 2.11+cu130) lecture 04's
    pipeline rank, started by the fork server, ran out of its 28 MiB at its first Adam step without it.
    """
    import torch

    with torch.random.fork_rng(devices=[]):
        model = torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2))
        x, y = torch.ones(4, 8), torch.tensor([0, 1, 0, 1])
        for make in (lambda p: torch.optim.SGD(p, lr=0.1, momentum=0.9), torch.optim.Adam, torch.optim.AdamW):
            optimizer = make(model.parameters())
            torch.nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)


def _set_parent_death_signal(parent: int | None = None) -> None:
    """Ask Linux to SIGKILL this rank if its parent (the notebook kernel, or its fork server) dies first.

    `parent` is the pid the rank's parent must have: a rank whose parent is already gone (it died
    between the fork and this request, which then never fires) exits at once.
    """
    if sys.platform.startswith("linux"):
        with contextlib.suppress(Exception):
            ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        if parent is not None and os.getppid() != parent:
            os._exit(1)


def _run_rank(rank: int, job: _Job, sealer=None) -> None:
    _set_parent_death_signal(job.parent)
    try:
        # First, while this rank is single-threaded and has made no socket: the ranks' own network.
        private_network.join(job.network)
    except BaseException as exc:  # noqa: BLE001 - the parent reports it as this rank's failure
        _write_error(job.workdir, rank, exc, with_object=not job.untrusted)
        _flush()
        os._exit(1)
    _set_parent_death_signal(job.parent)  # a new user namespace may have cleared it
    _draw_seed(rank, job, sealer)  # before the mark: no rank runs `fn` before every rank has drawn
    with open(_path(job.workdir, rank, "started"), "w"):
        pass  # the launch's timeout starts once every rank is here
    os.environ.update(
        RANK=str(rank), WORLD_SIZE=str(job.world_size), LOCAL_RANK=str(rank),
        LOCAL_WORLD_SIZE=str(job.world_size), MASTER_ADDR="127.0.0.1",
    )
    device = job.devices[rank] if job.devices else "cpu"
    os.environ[_DEVICE_ENV] = device
    if job.prefix_output:
        sys.stdout = _PrefixedStream(sys.stdout, f"[rank {rank}] ")
        sys.stderr = _PrefixedStream(sys.stderr, f"[rank {rank}] ")
    import torch

    torch.set_num_threads(job.threads)
    dist = None
    store = None
    try:
        if device.startswith("cuda"):
            if torch.cuda._is_in_bad_fork():
                raise RuntimeError(
                    "this rank was forked from a process that had initialised CUDA, so it cannot use the GPU: "
                    "restart the kernel, or pass start_method='spawn'")
            torch.cuda.set_device(torch.device(device))
        if job.seeds == "os":
            _wait_for_peers(job)  # every seed is drawn and handed over before `fn` runs anywhere
        if job.backend is not None:
            import torch.distributed as dist

            pg_timeout = datetime.timedelta(seconds=job.timeout + 10)
            # Every timeout below counts, as the parent's does, from the moment all ranks have
            # started: a spawned peer may still be importing torch long after this rank is ready.
            _wait_for_peers(job)
            store = _rendezvous(rank, job, pg_timeout)
            dist.init_process_group(job.backend, store=store, rank=rank, world_size=job.world_size, timeout=pg_timeout)
        if job.memory_budget is not None and _FRESH_RANK and not device.startswith("cuda"):
            _warm_training_libraries()
        _apply_memory_budget(job.memory_budget, device)
        result = job.fn(*job.args, **job.kwargs)
        _write(job.workdir, rank, "result", result)
        if store is not None:
            # Wait for every rank through the store, not the process group: a barrier collective
            # here could pair up with a student's stray collective on another rank.
            store.set(f"done/{rank}", "1")
            store.wait([f"done/{r}" for r in range(job.world_size)])
            # Rank 0 serves the store: it leaves last, once every rank has had its answer.
            if rank == 0:
                store.wait([f"left/{r}" for r in range(1, job.world_size)])
            else:
                store.set(f"left/{rank}", "1")
    except BaseException as exc:  # noqa: BLE001 - everything must reach the parent
        _budget_note(exc)
        if not os.path.exists(_path(job.workdir, rank, "result")):
            _write_error(job.workdir, rank, exc, with_object=not job.untrusted)
        _flush()
        os._exit(1)
    finally:
        if dist is not None and dist.is_initialized():
            with contextlib.suppress(Exception):
                dist.destroy_process_group()
    _flush()
    os._exit(0)


_UNITS = {"": 1, "b": 1, "kb": 10**3, "mb": 10**6, "gb": 10**9, "kib": 2**10, "mib": 2**20, "gib": 2**30}


def parse_bytes(size: int | str) -> int:
    """Bytes from an int or a string such as "300MiB", "1.5 GB" (binary and decimal units)."""
    if isinstance(size, bool):
        raise TypeError(f"memory_budget must be bytes or a size like '300MiB', not {size!r}")
    if isinstance(size, int):
        value = size
    elif isinstance(size, str):
        import re

        match = re.fullmatch(r"\s*([0-9]*\.?[0-9]+)\s*([a-zA-Z]*)\s*", size)
        if not match or match.group(2).lower() not in _UNITS:
            raise ValueError(f"cannot read {size!r} as a size: write e.g. 300000000, '300MB' or '286MiB'")
        value = int(float(match.group(1)) * _UNITS[match.group(2).lower()])
    else:
        raise TypeError(f"memory_budget must be bytes or a size like '300MiB', not {size!r}")
    if value <= 0:
        raise ValueError(f"memory_budget must be positive, got {size!r}")
    return value


def _data_bytes() -> int:
    """This process's data segment (what RLIMIT_DATA limits), from /proc/self/status."""
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmData:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError("cannot read VmData from /proc/self/status")


LINUX_ONLY = (
    "memory_budget on CPU needs Linux: it caps the rank's data segment with setrlimit(RLIMIT_DATA), which "
    "macOS and Windows do not enforce. Only the memory-budget cells need it (Part 4's large-model "
    "experiment and its assignment's budget exercise); everything else runs here. To run them: WSL 2 on "
    "Windows, a Linux container or VM on macOS, a hosted notebook with a GPU (the budget then caps GPU "
    "memory), or the course's JupyterHub."
)


def gpu_memory_fraction(budget: int | None, env_cap: int | None, reserved: int, total: int) -> float | None:
    """The `set_per_process_memory_fraction` that lets a rank reserve `allowance` more bytes.

    The allowance is the smaller of `budget` (launch's memory_budget) and `env_cap`
    (DISTCOURSE_GPU_MEMORY_BYTES), above `reserved` (what the rank's caching allocator already holds
    when `fn` starts), out of the device's `total`; None when neither is set.
    """
    caps = [c for c in (budget, env_cap) if c is not None]
    if not caps:
        return None
    if total <= 0:
        raise ValueError(f"a GPU's total memory must be positive, got {total}")
    return min(1.0, (reserved + min(caps)) / total)


def _gpu_env_cap() -> int | None:
    raw = os.environ.get(GPU_MEMORY_ENV, "").strip()
    if not raw:
        return None
    try:
        return parse_bytes(int(raw) if raw.isdigit() else raw)
    except (TypeError, ValueError):
        raise ValueError(f"{GPU_MEMORY_ENV}={raw!r} is not a size: set it to a number of bytes, e.g. 2147483648") from None


def _warm_cuda_libraries(dev) -> None:
    """Make cuBLAS allocate its workspace now, so that it counts as footprint, not as budget.

    cuBLAS takes its workspace (up to 32 MiB per handle on recent GPUs) from PyTorch's caching
    allocator at the first matrix product; a budget of a few MiB would otherwise be spent on it.
    """
    import torch

    a = torch.ones(64, 64, device=dev, requires_grad=True)
    (a @ a).sum().backward()
    del a
    torch.cuda.synchronize(dev)
    torch.cuda.empty_cache()  # give back the small blocks of the warm-up; the workspace stays


def _apply_memory_budget(budget: int | None, device: str) -> None:
    """Cap this rank's memory at `budget` bytes above what it holds now (see launch's memory_budget)."""
    if device.startswith("cuda"):
        import torch

        env_cap = _gpu_env_cap()
        if budget is None and env_cap is None:
            return
        dev = torch.device(device)
        _warm_cuda_libraries(dev)
        fraction = gpu_memory_fraction(budget, env_cap, torch.cuda.memory_reserved(dev),
                                       torch.cuda.get_device_properties(dev).total_memory)
        torch.cuda.set_per_process_memory_fraction(fraction, dev)
        return
    if budget is None:
        return
    import resource

    if not sys.platform.startswith("linux"):
        raise RuntimeError(LINUX_ONLY)
    held = _data_bytes()
    resource.setrlimit(resource.RLIMIT_DATA, (held + budget, resource.getrlimit(resource.RLIMIT_DATA)[1]))
    _BUDGET_SET[:] = [held, budget]


_BUDGET_SET: list[int] = []  # [data bytes held when the budget was set, the budget] in a rank with a CPU budget


def rebase_memory_budget() -> None:
    """In a rank launched with `memory_budget`: count the budget from what the rank holds now.

    A warm-up step (a tiny model trained once, so that imports and first-use initialisation are done)
    costs memory that belongs to the libraries, not to the model, and how much differs from one torch
    build to another: FSDP's first step on a tiny model took 2.3 MiB in torch's CPU build (2.13.0+cpu); in a
    CUDA build (2.11.0+cu130, NVIDIA H200 machine) lecture 04's FSDP rank, after its warm-up, stood 27.7 MiB
    above its start, out of a 28 MiB budget, while building an 8.4 MiB model. Called after the warm-up, the budget is the
    model's alone, on any build. It gives the rank `memory_budget` above this point, never more than the
    hard limit it was started with. CPU budgets only: a GPU budget counts from the first CUDA use already
    (cuBLAS's workspace warmed, see _warm_cuda_libraries), and a GPU cap set by the grading sandbox
    (DISTCOURSE_GPU_MEMORY_BYTES) is never moved. Outside a rank with a CPU budget it does nothing.
    """
    if not _BUDGET_SET:
        return
    import resource

    held, budget = _data_bytes(), _BUDGET_SET[1]
    hard = resource.getrlimit(resource.RLIMIT_DATA)[1]
    soft = held + budget if hard == resource.RLIM_INFINITY else min(held + budget, hard)
    resource.setrlimit(resource.RLIMIT_DATA, (soft, hard))
    _BUDGET_SET[:] = [held, budget]


def _budget_note(exc: BaseException) -> None:
    """To a rank's out-of-memory error under a CPU budget, add where its memory stood: what it held when
    `fn` started, the budget, and what it holds now (the data segment, as RLIMIT_DATA counts it)."""
    if not _BUDGET_SET or "allocate" not in str(exc) or not hasattr(exc, "add_note"):
        return
    held, budget = _BUDGET_SET
    with contextlib.suppress(Exception):
        mib = 2**20
        exc.add_note(f"memory budget: {held / mib:.1f} MiB held when the function started, {budget / mib:.1f} MiB "
                     f"allowed above it, {(_data_bytes() - held) / mib:.1f} MiB above it now")


def _wait_for_peers(job: _Job) -> None:
    """Return once every rank has started (the parent kills us all after STARTUP_LIMIT otherwise)."""
    pending = set(range(job.world_size))
    while pending:
        pending = {r for r in pending if not os.path.exists(_path(job.workdir, r, "started"))}
        if pending:
            time.sleep(0.002)


def _rendezvous(rank: int, job: _Job, timeout: datetime.timedelta):
    """Rank 0 starts the TCPStore on a free port and publishes it; the others read it and connect."""
    import torch.distributed as dist

    port_file = os.path.join(job.workdir, "port")
    if rank == 0:
        # An IPv4 socket of our own: on the store's default dual-stack socket, peers appear as
        # ::ffff:127.0.0.1, whose reverse lookup can wait seconds for an unreachable DNS server.
        import socket

        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", 0))
        listener.listen(128)
        port = listener.getsockname()[1]
        with _quiet_native_stderr():
            store = dist.TCPStore("127.0.0.1", port, world_size=None, is_master=True, timeout=timeout,
                                  wait_for_workers=False, master_listen_fd=listener.detach())
        with open(port_file + ".tmp", "w") as fh:
            fh.write(str(port))
        os.replace(port_file + ".tmp", port_file)
    else:
        deadline = time.monotonic() + job.timeout
        while not os.path.exists(port_file):
            if time.monotonic() > deadline:
                raise TimeoutError("rank 0 never published the rendezvous port")
            time.sleep(0.001)
        with open(port_file) as fh:
            port = int(fh.read())
        with _quiet_native_stderr():
            store = dist.TCPStore("127.0.0.1", port, world_size=None, is_master=False, timeout=timeout)
    os.environ["MASTER_PORT"] = str(port)
    return store


@contextlib.contextmanager
def _quiet_native_stderr():
    """Send what native code writes to file descriptor 2 to /dev/null for the block (Python's exceptions still rise).

    A store client connects over IPv6 to ::ffff:127.0.0.1 and looks that name up once per process for its
    log line; in a launch's private network the DNS server is unreachable, so the lookup fails at once and
    c10d prints "The hostname of the client socket cannot be retrieved. err=-3" into the notebook (harmless:
    the store connects all the same).
    """
    _flush()
    saved = os.dup(2)
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, 2)
        finally:
            os.close(null)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _flush() -> None:
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()


class _PrefixedStream(io.TextIOBase):
    """A text stream that writes whole lines, each with a prefix, so ranks' prints don't interleave."""

    def __init__(self, inner, prefix: str):
        self._inner, self._prefix, self._pending = inner, prefix, ""

    def write(self, text: str) -> int:
        lines = (self._pending + text).split("\n")
        self._pending = lines.pop()
        if lines:
            self._inner.write("".join(f"{self._prefix}{line}\n" for line in lines))
            self._inner.flush()
        return len(text)

    def flush(self) -> None:
        if self._pending:
            self._inner.write(self._prefix + self._pending)
            self._pending = ""
        self._inner.flush()

    def isatty(self) -> bool:
        return False


def _path(workdir: str, rank: int, kind: str) -> str:
    return os.path.join(workdir, f"rank{rank}.{kind}")


def _write(workdir: str, rank: int, kind: str, value: Any) -> None:
    tmp = _path(workdir, rank, kind) + ".tmp"
    with open(tmp, "wb") as fh:
        cloudpickle.dump((time.time(), value), fh)
    os.replace(tmp, _path(workdir, rank, kind))  # atomic: the parent never reads half a file


def _write_error(workdir: str, rank: int, exc: BaseException, with_object: bool = True) -> None:
    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    exc_bytes = None
    try:
        if with_object:  # untrusted_results: the parent would not read it
            exc_bytes = cloudpickle.dumps(exc)
            pickle.loads(exc_bytes)
    except Exception:  # noqa: BLE001 - some exceptions cannot travel; the text always can
        exc_bytes = None
    _write(workdir, rank, "error", {"type": type(exc).__name__, "message": str(exc), "traceback": text, "exc": exc_bytes})


# --------------------------------------------------------------------------- in the parent


def _read(workdir: str, rank: int, kind: str):
    with open(_path(workdir, rank, kind), "rb") as fh:
        return pickle.load(fh)


#: The largest result or error file `untrusted_results=True` reads from a rank, in bytes.
UNTRUSTED_RESULT_LIMIT = 64 * 2**20


class UntrustedResultError(ValueError):
    """A rank's file that `untrusted_results=True` refused to read (not plain data, not a regular file, too big)."""


class _PlainDataUnpickler(pickle.Unpickler):
    """Unpickles plain data only: every global is refused (`complex` aside: a number), so no code runs."""

    def find_class(self, module, name):
        if (module, name) == ("builtins", "complex"):
            return complex
        raise UntrustedResultError(f"it names the global {module}.{name}; only plain data is accepted "
                                   "(None, bool, int, float, complex, str, bytes, bytearray, list, tuple, dict, set)")

    def persistent_load(self, pid):
        raise UntrustedResultError("it holds a persistent id; only plain data is accepted")


def _read_untrusted(workdir: str, rank: int, kind: str):
    """Read a rank's file without trusting it: no link, no FIFO, no more than UNTRUSTED_RESULT_LIMIT bytes, no globals."""
    import stat

    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(_path(workdir, rank, kind), flags)
    except OSError as exc:
        raise UntrustedResultError(f"it cannot be opened as a plain file ({exc.strerror})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UntrustedResultError("it is not a regular file")
        if info.st_size > UNTRUSTED_RESULT_LIMIT:
            raise UntrustedResultError(f"it has {info.st_size} bytes, more than UNTRUSTED_RESULT_LIMIT ({UNTRUSTED_RESULT_LIMIT})")
        chunks, size = [], 0
        while size <= UNTRUSTED_RESULT_LIMIT:
            chunk = os.read(fd, min(1 << 20, UNTRUSTED_RESULT_LIMIT + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > UNTRUSTED_RESULT_LIMIT:
            raise UntrustedResultError(f"it has more than UNTRUSTED_RESULT_LIMIT ({UNTRUSTED_RESULT_LIMIT}) bytes")
    finally:
        os.close(fd)
    try:
        value = _PlainDataUnpickler(io.BytesIO(b"".join(chunks))).load()
    except UntrustedResultError:
        raise
    except Exception as exc:  # noqa: BLE001 - a malformed pickle is refused like a malicious one
        raise UntrustedResultError(f"it is not a readable pickle ({type(exc).__name__}: {exc})") from None
    if not (isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], (int, float))):
        raise UntrustedResultError("it is not what a rank writes (a time and a value)")
    return value


def _result(workdir: str, rank: int, world_size: int, untrusted: bool):
    if not untrusted:
        return _read(workdir, rank, "result")[1]
    try:
        return _read_untrusted(workdir, rank, "result")[1]
    except UntrustedResultError as exc:
        raise RankError(f"rank {rank} of {world_size} returned a value that untrusted_results=True refuses: {exc}",
                        rank, "UntrustedResultError", "") from None


def _untrusted_error(workdir: str, rank: int):
    """A rank's error file, read as untrusted: (time, {type, message, traceback: str, exc: None})."""
    try:
        when, info = _read_untrusted(workdir, rank, "error")
    except UntrustedResultError as exc:
        return float("inf"), {"type": "UntrustedResultError", "traceback": "", "exc": None,
                              "message": f"its error report was refused: {exc}"}
    info = info if isinstance(info, dict) else {}
    text = {k: info.get(k) if isinstance(info.get(k), str) else repr(info.get(k))[:1000]
            for k in ("type", "message", "traceback")}
    return when, {**text, "exc": None}


_HANG_HINT = (
    "A rank that waits forever is usually in a collective (all_reduce, broadcast, barrier, send/recv) "
    "that the other ranks never call: check for collectives inside `if rank == ...` branches, or ranks "
    "running different numbers of steps."
)


def _rank_error(ctx, workdir: str, world_size: int, exc, untrusted: bool = False) -> RankError:
    # Every rank that failed wrote an error file; the earliest one is the cause, the others are
    # usually its echo (a peer's broken connection).
    time.sleep(0.05)
    errors = {}
    for r in range(world_size):
        if os.path.lexists(_path(workdir, r, "error")):
            errors[r] = _untrusted_error(workdir, r) if untrusted else _read(workdir, r, "error")
    # A rank killed by a crash signal (not by our SIGTERM/SIGKILL) wrote nothing, but it is the cause:
    # the others' errors ("Connection reset by peer") are its echo.
    for r, proc in enumerate(ctx.processes):
        code = proc.exitcode
        if r not in errors and code is not None and code < 0 and -code not in (signal.SIGTERM, signal.SIGKILL, signal.SIGINT):
            name = signal.Signals(-code).name
            msg = f"rank {r} of {world_size} died with signal {name}"
            msg += " (a crash in native code)" if name == "SIGSEGV" else ""
            if errors:
                msg += f"\n(rank(s) {sorted(errors)} failed after it, most likely as a consequence)"
            return RankError(msg, r, f"signal {name}", "")
    if errors:
        rank = min(errors, key=lambda r: errors[r][0])
        info = errors[rank][1]
        others = sorted(set(errors) - {rank})
        msg = f"rank {rank} of {world_size} raised {info['type']}: {info['message']}"
        if others:
            msg += f"\n(rank(s) {others} failed after it, most likely as a consequence)"
        if any(s in info["message"] for s in ("Connection closed by peer", "Connection reset", "Timed out waiting")):
            msg += "\n" + _HANG_HINT
        if "can't allocate memory" in info["message"] or "out of memory" in info["message"]:
            msg += f"\n(rank {rank} ran out of memory: more than its memory budget, or than the machine has)"
        msg += f"\n\n--- traceback from rank {rank} ---\n{info['traceback']}"
        original = None
        if info["exc"] is not None and not untrusted:
            with contextlib.suppress(Exception):
                original = pickle.loads(info["exc"])
        return RankError(msg, rank, info["type"], info["traceback"], original)
    rank = getattr(exc, "error_index", -1)
    code = getattr(exc, "exit_code", None)
    sig = getattr(exc, "signal_name", None)
    how = f"signal {sig}" if sig else f"exit code {code}"
    why = " (killed: out of memory?)" if sig == "SIGKILL" else (" (a crash in native code)" if sig == "SIGSEGV" else "")
    msg = f"rank {rank} of {world_size} died with {how}{why} before returning or raising a Python exception"
    return RankError(msg, rank, how, "")


def _timeout_error(ctx, workdir: str, world_size: int, timeout: float, startup: bool = False) -> LaunchTimeout:
    finished = [r for r in range(world_size) if os.path.exists(_path(workdir, r, "result"))]
    running = [r for r in range(world_size) if r not in finished]
    _kill_all(ctx)
    if startup:
        late = [r for r in range(world_size) if not os.path.exists(_path(workdir, r, "started"))]
        return LaunchTimeout(
            f"rank(s) {late} had not even started after {STARTUP_LIMIT:g} s (a spawned rank imports torch and "
            "what your function uses); every rank was killed. Is the machine overloaded, or does importing "
            "something your function uses hang?", running, finished)
    msg = f"launch timed out after {timeout:g} s; every rank was killed. "
    if running and finished:
        msg += f"Rank(s) {running} were still running; rank(s) {finished} had returned and were waiting for them. "
    else:
        msg += f"Rank(s) {running} were still running. "
    msg += _HANG_HINT + " If the work is just slow, pass a larger timeout=."
    return LaunchTimeout(msg, running, finished)


def _kill_all(ctx) -> None:
    """SIGKILL every rank and everything it started (DataLoader workers...), then reap them."""
    victims = []
    for proc in ctx.processes:
        # is_alive() reaps an exited rank, so a pid we still see as alive cannot have been reused.
        if proc.pid is None or not proc.is_alive():
            continue
        with contextlib.suppress(psutil.Error):
            parent = psutil.Process(proc.pid)
            victims.extend(parent.children(recursive=True))
            victims.append(parent)
    for victim in victims:
        with contextlib.suppress(psutil.Error):
            victim.kill()
    psutil.wait_procs(victims, timeout=5)
    for proc in ctx.processes:
        with contextlib.suppress(Exception):
            proc.join(timeout=5)
        _LIVE.discard(proc.pid)


@atexit.register
def _reap_leftovers() -> None:
    for pid in list(_LIVE):
        with contextlib.suppress(Exception):
            os.kill(pid, signal.SIGKILL)
