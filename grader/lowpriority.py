"""Work that may wait: run it in a thread of low CPU priority.

A grader overlaps the next submission's start (its kernel's imports, its judges' imports) with the
current submission's run. Both want the CPU; the current one is what a TA waits for. On Linux the
nice value is a thread's own (setpriority(2) with who 0 is the calling thread's), so one thread can step back while
the rest of its process, and every process it forks later from another thread, keeps its priority.
Elsewhere, or where the sandbox refuses the call, the work simply runs at normal priority.
"""

from __future__ import annotations

import os
import threading
from typing import Any, Callable

#: How far below normal priority the waiting work runs (nice value, 0..19).
NICE = 10


def lower_this_thread(nice: int = NICE) -> bool:
    """Raise the calling thread's nice value by `nice`; False where that is not possible."""
    try:
        tid = threading.get_native_id()  # who 0 is the calling thread itself (the sandbox allows no other)
        os.setpriority(os.PRIO_PROCESS, 0, min(19, os.getpriority(os.PRIO_PROCESS, tid) + nice))
        return True
    except (AttributeError, OSError):
        return False


def in_low_priority_thread(fn: Callable, *args: Any) -> Any:
    """`fn(*args)` in a thread of low priority, waited for; its result, or the exception it raised."""
    result: dict = {}

    def run() -> None:
        lower_this_thread()
        try:
            result["value"] = fn(*args)
        except BaseException as exc:  # noqa: BLE001 - raised again in the caller's thread
            result["error"] = exc

    thread = threading.Thread(target=run, name="low-priority", daemon=True)
    thread.start()
    thread.join()
    if "error" in result:
        raise result["error"]
    return result.get("value")
