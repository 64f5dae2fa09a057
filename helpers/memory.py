"""Memory tools for the lectures: how many bytes tensors take, and how much a process uses.

Why this exists: "will it fit?" is a question about bytes, and the honest way to answer it is to
count the bytes of real tensors (or of the process) rather than to trust a formula. These tools do
the counting so lecture cells stay short::

    from helpers import memory
    model = torch.nn.Linear(1000, 10)
    memory.format_bytes(memory.tensor_bytes(model.parameters()))     # '39.1 KiB'

    with memory.SavedActivations(exclude=model.parameters()) as acts:
        model(torch.randn(64, 1000)).sum().backward()
    acts.nbytes                                                       # what autograd kept for backward

They measure; they know nothing about any exercise's answer.
"""

from __future__ import annotations

import gc
import resource
import sys
from typing import Iterable

import psutil
import torch

__all__ = ["tensor_bytes", "format_bytes", "rss_bytes", "peak_rss_bytes", "PeakMemory", "SavedActivations"]

_UNITS = ("B", "KiB", "MiB", "GiB", "TiB", "PiB")


def _flatten(items) -> Iterable:
    for item in items:
        if item is None or isinstance(item, (bool, int, float, complex, str)):
            continue  # not tensors: e.g. a step count or a hyperparameter inside an optimizer's state
        if isinstance(item, torch.Tensor):
            yield item
        elif isinstance(item, dict):
            yield from _flatten(item.values())
        elif isinstance(item, (list, tuple, set)) or hasattr(item, "__next__"):
            yield from _flatten(item)
        else:
            raise TypeError(f"tensor_bytes counts tensors (or lists, dicts and generators of them), not {type(item).__name__}")


def tensor_bytes(*tensors) -> int:
    """Bytes held by the given tensors: the sum of `numel() * element_size()`.

    Args:
        *tensors: tensors, or lists / tuples / dicts / generators of tensors (nested is fine).
            None is skipped, so `(p.grad for p in model.parameters())` works before backward;
            so are plain numbers and strings, so an optimizer's state dicts can be passed as they are.
            A tensor object met twice is counted once. A DTensor (FSDP) counts its local shard
            only, which is what this process actually stores. Meta tensors count the bytes
            they *would* take, although they allocate nothing.

    Returns:
        The number of bytes, as an int.
    """
    seen: dict[int, torch.Tensor] = {}  # keeps each tensor alive, so no id is reused during the count
    total = 0
    for t in _flatten(tensors):
        if id(t) in seen:
            continue
        seen[id(t)] = t
        local = t.to_local() if hasattr(t, "to_local") else t
        total += local.numel() * local.element_size()
    return total


def format_bytes(n: float, digits: int = 3) -> str:
    """A byte count in binary units: `format_bytes(3 * 2**20)` is `'3 MiB'`."""
    n = float(n)
    sign = "-" if n < 0 else ""
    n = abs(n)
    unit = 0
    while n >= 1024 and unit < len(_UNITS) - 1:
        n /= 1024
        unit += 1
    return f"{sign}{n:.{digits}g} {_UNITS[unit]}"


def rss_bytes() -> int:
    """Resident set size of this process now: the memory it really occupies in RAM."""
    return psutil.Process().memory_info().rss


def peak_rss_bytes() -> int:
    """The largest resident set size this process has had since it started (Linux and macOS)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024  # Linux reports KiB, macOS bytes


def _status_bytes(key: str) -> int:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith(key + ":"):
                return int(line.split()[1]) * 1024
    raise RuntimeError(f"no {key} in /proc/self/status")


class PeakMemory:
    """The peak memory of a `with` block on `device`, above what was in use when the block began.

    On a CUDA device: the caching allocator's own statistics (`torch.cuda.max_memory_allocated`
    after `reset_peak_memory_stats`, the device synchronised at both ends), so the number is the
    tensors' bytes at their high point, not the memory the allocator keeps cached.
    On CPU: the process's resident high-water mark (VmHWM, reset through /proc/self/clear_refs) on
    Linux; elsewhere the peak resident size since the process started (`ru_maxrss`), which can only
    over-estimate. Either way, tensors freed inside the block still count at their peak.

    Attributes (after the block):
        peak: bytes above the starting point at the block's high point.
        device: the device measured.
    """

    def __init__(self, device=None):
        self.device = torch.device("cpu" if device is None else device)
        self.peak = None

    def __enter__(self) -> "PeakMemory":
        # Garbage of earlier code (tensors held in reference cycles) is freed now, not by a collection that an
        # allocation inside the block happens to trigger: freed there, it lowered the resident size by as much as
        # the block then allocated, and a 40 MiB tensor measured 72 KiB
        gc.collect()
        if self.device.type == "cuda":
            torch.cuda.synchronize(self.device)
            torch.cuda.reset_peak_memory_stats(self.device)
            self._start = torch.cuda.memory_allocated(self.device)
        elif sys.platform.startswith("linux"):
            try:
                with open("/proc/self/clear_refs", "w") as fh:
                    fh.write("5")  # reset the high-water mark VmHWM to the current resident size
            except OSError:
                pass  # without it: the peak since the process started
            self._start = _status_bytes("VmRSS")
        else:
            self._start = rss_bytes()
        return self

    def __exit__(self, *exc) -> None:
        if self.device.type == "cuda":
            torch.cuda.synchronize(self.device)
            top = torch.cuda.max_memory_allocated(self.device)
        elif sys.platform.startswith("linux"):
            top = _status_bytes("VmHWM")
        else:
            top = peak_rss_bytes()
        self.peak = max(top - self._start, 0)


class SavedActivations:
    """Count the bytes autograd saves for the backward pass inside a `with` block.

    These are the *activations* of training: the tensors a forward pass keeps alive so that
    backward can compute gradients. Views of one storage are counted once, and tensors that share
    storage with `exclude` (usually the model's parameters, which autograd also saves) are left out.

    Attributes (after the block):
        nbytes: bytes of distinct storages saved for backward.
        count: number of distinct storages.
    """

    def __init__(self, exclude: Iterable[torch.Tensor] = ()):
        self._exclude = {t.untyped_storage().data_ptr() for t in _flatten([exclude])}
        self._seen: set[int] = set()
        self.nbytes = 0
        self.count = 0
        self._hooks = None

    def _pack(self, t: torch.Tensor) -> torch.Tensor:
        storage = t.untyped_storage()
        ptr = storage.data_ptr()
        if ptr not in self._exclude and ptr not in self._seen:
            self._seen.add(ptr)
            self.nbytes += storage.nbytes()
            self.count += 1
        return t

    def __enter__(self) -> "SavedActivations":
        self._hooks = torch.autograd.graph.saved_tensors_hooks(self._pack, lambda t: t)
        self._hooks.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        self._hooks.__exit__(*exc)
