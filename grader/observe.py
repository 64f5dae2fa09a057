"""The grader's side of the observer (`probes.observer`): start it, hand it a check, read its report.

One observer per graded notebook, started beside the kernel in a sandbox of its own (the same
sandbox a kernel gets, through the same launcher, but its own namespaces, folder and /tmp: the
kernel cannot see it, signal it or reach its ranks), or as a plain process when grading unsandboxed.
It talks to this process over two pipes that only it holds. A check that does not answer in time, or
an observer that died, costs that check: the observer is killed and the next check starts a new one.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time

#: Seconds a hidden check may take in the observer (its own calls stop earlier: probes.observer).
CHECK_TIMEOUT = 240.0
#: Seconds the observer may take to start (import torch) before its first check.
START_TIMEOUT = 120.0
#: The largest report read back.
MAX_REPORT_BYTES = 256_000_000
#: The most lists and dicts (brackets), and items (commas), a report may hold: its size in the grader's
#: memory, once loaded, grows with these, not with its bytes.
MAX_REPORT_CONTAINERS = 200_000
MAX_REPORT_ITEMS = 2_000_000


class ObserverError(Exception):
    """The observer did not answer: the check fails with this message."""


class Observer:
    """One observer process; `ask(check, args)` returns its answer or raises ObserverError."""

    def __init__(self, spec_argv: list[str] | None, spec_env: dict | None, log=None):
        self.spec_argv, self.spec_env, self.log = list(spec_argv or []), dict(spec_env or {}), log
        self.proc: subprocess.Popen | None = None
        self.folder: str | None = None
        self.ready = False

    def command(self) -> list[str]:
        if "grader.sandbox" in self.spec_argv:  # the kernel's own launcher: the same sandbox, its own
            from grader.sandbox import LAUNCH

            return [*LAUNCH, "grader.sandbox", "--observer"]
        from grader.sandbox import OBSERVER_MAIN

        return [sys.executable, "-c", OBSERVER_MAIN]

    def start(self) -> None:
        if self.proc is not None:
            return
        self.folder = tempfile.mkdtemp(prefix="observer-")
        env = {**os.environ, **self.spec_env}
        if "grader.sandbox" not in self.spec_argv:  # unsandboxed: still none of the grader's secrets
            from grader import sandbox

            env = {**sandbox.kernel_env(None, sandbox.DEFAULT_LIMITS), "HOME": self.folder}
        self.proc = subprocess.Popen(self.command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, cwd=self.folder, env=env, start_new_session=True)
        self.ready = False

    def ask(self, check: str, args: str, limit: int = MAX_REPORT_BYTES) -> dict:
        self.start()
        try:
            if not self.ready:
                hello = self._read(time.monotonic() + START_TIMEOUT)
                if hello != {"ready": True}:
                    raise ObserverError("the grader's observer did not start")
                self.ready = True
            self._write({"check": check, "args": args})
            answer = self._read(time.monotonic() + CHECK_TIMEOUT, limit)
        except ObserverError:
            self.close()
            raise
        except (OSError, ValueError) as exc:
            self.close()
            raise ObserverError(f"the grader's observer failed ({type(exc).__name__})") from None
        if not isinstance(answer, dict) or not isinstance(answer.get("check"), str):
            self.close()
            raise ObserverError("the grader's observer answered something it should not")
        return answer

    def _write(self, message: dict) -> None:
        data = json.dumps(message).encode()
        self.proc.stdin.write(struct.pack(">Q", len(data)) + data)
        self.proc.stdin.flush()

    def _read(self, deadline: float, limit: int = MAX_REPORT_BYTES):
        fd = self.proc.stdout.fileno()

        def exactly(n: int) -> bytes:
            parts, got = [], 0
            while got < n:
                left = deadline - time.monotonic()
                if left <= 0 or not select.select([fd], [], [], left)[0]:
                    raise ObserverError(f"the hidden check did not finish within {CHECK_TIMEOUT:g} s and was stopped")
                chunk = os.read(fd, min(n - got, 1 << 20))
                if not chunk:
                    raise ObserverError("the process that ran the hidden check died (your code may have killed it, "
                                        "or exhausted its memory)")
                parts.append(chunk)
                got += len(chunk)
            return b"".join(parts)

        (size,) = struct.unpack(">Q", exactly(8))
        if size > min(limit, MAX_REPORT_BYTES):
            raise ObserverError(f"what your code returned to the hidden checks of this cell is larger than "
                                f"{min(limit, MAX_REPORT_BYTES):,} bytes")
        self.last_size = size
        data = exactly(size)
        # Bytes do not bound what JSON becomes in memory: "[[],[],...]" is 3 bytes a list here and about
        # 64 once loaded (and decoded again). Reports are mostly tensors as base64 strings; cap the lists,
        # dicts and items before loading.
        containers, items = data.count(b"[") + data.count(b"{"), data.count(b",")
        if containers > MAX_REPORT_CONTAINERS or items > MAX_REPORT_ITEMS:
            raise ObserverError(f"what your code returned to the hidden checks of this cell holds more than "
                                f"{MAX_REPORT_CONTAINERS:,} lists or {MAX_REPORT_ITEMS:,} items: return less")
        return json.loads(data)

    def close(self) -> None:
        proc, self.proc = self.proc, None
        if proc is not None:
            for stream in (proc.stdin, proc.stdout):
                try:
                    stream.close()
                except OSError:
                    pass
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except OSError:
                pass
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None
