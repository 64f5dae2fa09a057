"""Admission by CPU: how many submissions `grader.grade` runs at once.

A worker is a core's worth of grading. A submission that uses no CPU (a deadlock that waits for a
probe's timeout, ranks blocked in a collective, a `time.sleep`) would hold its worker for nothing,
up to the probe's limit; here it stops counting once its processes (nbgrader, the kernel, the ranks,
everything they started) have used less than IDLE_SHARE of a core over the last WINDOW seconds, and
another submission starts beside it. It counts again as soon as it uses the CPU again. At most
`limit` submissions run at once, busy or not (each may hold up to the sandbox's memory cap).

CPU is read from /proc (each process's own time and that of its children it has reaped), one scan
for all submissions every PERIOD seconds; a submission one of whose processes a scan of the window found running
counts as busy too (a child the kernel reaps adds its time to no one's). A submission's processes are its grading process's
descendants and every process in the PID namespace of a sandbox among them (its kernel, forked from
the kernel template, and whatever that started in a session of its own). Where /proc cannot be read (not Linux), every running
submission counts as busy: admission by count, as without this module.
"""

from __future__ import annotations

import os
import threading
import time
from collections import deque

WINDOW = 1.0  # seconds of history that decide whether a submission is waiting
PERIOD = 0.25  # seconds between two scans of /proc
IDLE_SHARE = 0.02  # of one core, over WINDOW: below this a submission is waiting
_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def process_table() -> dict[int, tuple[int, float, bool]] | None:
    """pid -> (parent pid, CPU seconds of the process and of its reaped children, whether it is running or
    runnable now), from /proc; None where /proc cannot be read. `pid_namespaces()` says which PID namespace each is
    in."""
    try:
        names = os.listdir("/proc")
    except OSError:
        return None
    table = {}
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as fh:
                text = fh.read()
        except OSError:  # ended meanwhile
            continue
        fields = text[text.rfind(b")") + 2:].split()
        # after the name: state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime
        running = fields[0] == b"R" or (int(fields[17]) > 1 and _a_thread_runs(name))
        table[int(name)] = (int(fields[1]), sum(int(x) for x in fields[11:15]) / _TICK, running)
    return table


def _a_thread_runs(pid: str) -> bool:
    """Whether a thread of process `pid` but its first is running or runnable: /proc/<pid>/stat says the first
    thread's state only, and a worker spinning in a second thread while its first waited, reaped by the kernel, was
    counted neither by its CPU nor by its state (round 46)."""
    try:
        threads = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return False
    for tid in threads:
        try:
            with open(f"/proc/{pid}/task/{tid}/stat", "rb") as fh:
                text = fh.read()
        except OSError:
            continue
        if text[text.rfind(b")") + 2:text.rfind(b")") + 3] == b"R":
            return True
    return False


def pid_namespaces(pids) -> dict[int, str]:
    """pid -> its PID namespace ("pid:[inode]"), for those that can be read."""
    found = {}
    for pid in pids:
        try:
            found[pid] = os.readlink(f"/proc/{pid}/ns/pid")
        except OSError:
            continue
    return found


def tree_pids(root: int, table: dict[int, tuple], namespaces: dict[int, str] | None = None) -> set[int]:
    """The processes of `root`'s tree: `root`, every live descendant and, with `namespaces`, every process of a
    sandbox among them: a process in a PID namespace that a descendant of `root`
    is in and this process is not. A kernel forked from the kernel template is not a descendant of its
    grader (its parent is the template), nor is whatever a sandboxed process starts in a session of
    its own; both are in their sandbox's PID namespace."""
    children: dict[int, list[int]] = {}
    for pid, (ppid, *_) in table.items():
        children.setdefault(ppid, []).append(pid)
    seen, todo = set(), [root]
    while todo:
        pid = todo.pop()
        if pid in table and pid not in seen:
            seen.add(pid)
            todo.extend(children.get(pid, ()))
    if namespaces:
        own = namespaces.get(os.getpid())
        sandboxes = {namespaces[pid] for pid in seen if pid in namespaces} - {own, None}
        seen |= {pid for pid, ns in namespaces.items() if ns in sandboxes}
    return {pid for pid in seen if pid in table}


class Admission:
    """Lets a submission start while fewer than `workers` running ones are busy and fewer than `limit` run."""

    def __init__(self, workers: int, limit: int | None = None, window: float = WINDOW, period: float = PERIOD,
                 idle_share: float = IDLE_SHARE):
        self.workers, self.limit = workers, max(limit or 2 * workers, workers)
        self.window, self.period, self.idle_share = window, period, idle_share
        self.cond = threading.Condition()
        self.running: dict[object, dict] = {}  # key -> {"pid", "since", "samples", "busy"}
        self.closed = False
        self.readable = process_table() is not None
        self._thread = threading.Thread(target=self._watch, name="admission", daemon=True)
        self._thread.start()

    def busy(self) -> int:
        return sum(1 for entry in self.running.values() if entry["busy"])

    def enter(self, key: object, stop: threading.Event | None = None) -> bool:
        """Wait for a place for `key` (counted busy until its processes show otherwise); False if
        `stop` was set or the admission closed meanwhile."""
        with self.cond:
            while not (self.closed or (stop is not None and stop.is_set())):
                if self.busy() < self.workers and len(self.running) < self.limit:
                    self.running[key] = {"pid": None, "since": time.monotonic(), "samples": deque(), "busy": True}
                    return True
                self.cond.wait(self.period)
            return False

    def watch(self, key: object, pid: int) -> None:
        """The process whose tree is `key`'s: its CPU decides from now on whether it is busy."""
        with self.cond:
            if key in self.running:
                self.running[key]["pid"] = pid

    def leave(self, key: object) -> None:
        with self.cond:
            self.running.pop(key, None)
            self.cond.notify_all()

    def close(self) -> None:
        with self.cond:
            self.closed = True
            self.cond.notify_all()

    def _watch(self) -> None:
        while self.readable:
            with self.cond:
                if self.closed:
                    return
                watched = [(key, entry["pid"]) for key, entry in self.running.items() if entry["pid"]]
            if watched:
                table = process_table()
                now = time.monotonic()
                if table is None:
                    return
                namespaces = pid_namespaces(table)
                with self.cond:
                    changed = False
                    for key, pid in watched:
                        entry = self.running.get(key)
                        if entry is None:
                            continue
                        samples = entry["samples"]
                        pids = tree_pids(pid, table, namespaces)
                        samples.append((now, sum(table[p][1] for p in pids), any(table[p][2] for p in pids)))
                        while len(samples) > 1 and samples[1][0] <= now - self.window:
                            samples.popleft()
                        first_t, first_cpu, _ = samples[0]
                        # busy until a whole window has been seen; CPU can drop (a process ended unreaped); busy
                        # while any scan of the window found one of its processes running: a process whose
                        # parent ignores SIGCHLD is reaped by the kernel and adds its CPU to no one's (round 45), and a
                        # process's state is its first thread's (_a_thread_runs, round 46)
                        busy = (now - first_t < self.window * 0.99
                                or samples[-1][1] - first_cpu >= self.idle_share * (now - first_t)
                                or any(sample[2] for sample in samples))
                        if busy != entry["busy"]:
                            entry["busy"], changed = busy, True
                    if changed:
                        self.cond.notify_all()
            time.sleep(self.period)
