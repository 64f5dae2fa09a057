"""Admission by CPU (grader.admission): a submission that waits does not hold a worker; one that computes does."""

import contextlib
import subprocess
import sys
import threading
import time

import nbformat
import pytest

from tests.tiny_course import expected, make_course, scores
from grader import admission, grade
from tools.submissions import fill

SPIN = "import time\nend = time.time() + 60\nwhile time.time() < end:\n    pass\n"


def _process(code: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", code])


def _admitted_within(gate: admission.Admission, seconds: float, key: str = "second") -> bool:
    """Whether another submission (`key`) gets a place within `seconds`."""
    stop = threading.Event()
    timer = threading.Timer(seconds, stop.set)
    timer.start()
    try:
        return gate.enter(key, stop)
    finally:
        timer.cancel()


@contextlib.contextmanager
def _first_running(code: str, **settings):
    """An admission (1 worker) whose first place is taken by a process running `code`."""
    gate = admission.Admission(workers=1, **{"limit": 2, "window": 1.0, "period": 0.1, **settings})
    proc = _process(code)
    try:
        assert gate.enter("first")
        gate.watch("first", proc.pid)
        yield gate
    finally:
        proc.kill()
        proc.wait()
        gate.close()


SLEEP = "import time; time.sleep(60)"


@pytest.mark.parametrize("code, waits", [
    (SLEEP, True),  # a deadlock looks like this: no CPU
    (SPIN, False),
    # the CPU of a descendant counts (ranks under the kernel under nbgrader)
    (f"import subprocess, sys; subprocess.run([sys.executable, '-c', {SPIN!r}])", False),
    # what a descendant used before it ended counts too, once reaped: a run of short-lived processes
    ("import subprocess, sys\nfor _ in range(200): subprocess.run([sys.executable, '-c', 'sum(range(3_000_000))'])",
     False),
    # round 45: children the kernel reaps (SIGCHLD ignored) add their CPU to no one's; they are seen running
    ("import os, signal, time\nsignal.signal(signal.SIGCHLD, signal.SIG_IGN)\nwhile True:\n    if os.fork() == 0:\n"
     "        start = time.time()\n        while time.time() - start < 0.1:\n            pass\n        os._exit(0)\n"
     "    time.sleep(0.1)", False),
    # round 46: ... whose first thread waits while a second one spins
    ("import os, signal, threading, time\nsignal.signal(signal.SIGCHLD, signal.SIG_IGN)\nwhile True:\n"
     "    if os.fork() == 0:\n        def spin():\n            start = time.time()\n"
     "            while time.time() - start < 0.2:\n                pass\n"
     "        worker = threading.Thread(target=spin)\n        worker.start()\n        worker.join()\n        os._exit(0)\n"
     "    time.sleep(0.2)", False),
], ids=["sleeping", "spinning", "spinning child", "short-lived children", "children reaped by the kernel",
        "threads of children reaped by the kernel"])
def test_only_a_submission_that_uses_no_cpu_gives_up_its_place(code, waits):
    with _first_running(code) as gate:
        assert _admitted_within(gate, 4.0) is waits


def test_a_new_submission_counts_as_busy_until_a_whole_window_is_seen():
    with _first_running(SLEEP, window=3.0) as gate:
        assert not _admitted_within(gate, 1.5)
        assert _admitted_within(gate, 4.0)


def test_at_most_limit_run_however_idle():
    with _first_running(SLEEP, limit=3, window=0.5) as gate:
        procs = [_process(SLEEP) for _ in range(2)]
        try:
            for i, proc in enumerate(procs):
                assert _admitted_within(gate, 3.0, key=f"idle{i}")
                gate.watch(f"idle{i}", proc.pid)
            assert not _admitted_within(gate, 1.5, key="fourth")
            gate.leave("idle0")
            assert _admitted_within(gate, 1.0, key="fourth")
        finally:
            for proc in procs:
                proc.kill()
                proc.wait()


def test_without_proc_every_submission_counts_as_busy(monkeypatch):
    monkeypatch.setattr(admission, "process_table", lambda: None)
    with _first_running(SLEEP, window=0.5) as gate:
        assert not _admitted_within(gate, 2.0)


@pytest.mark.slow
@pytest.mark.xdist_group("grade_resume")
def test_a_sleeping_submission_lets_the_class_go_on_through_make_grade(tmp_path):
    """One worker; the first submission sleeps 20 s before it defines its answer. The others are graded
    meanwhile, in a sandbox each, and all grades are what they should be."""
    root = make_course(tmp_path, 4)
    source_nb = nbformat.read(root / "source" / "ps0_tiny" / "ps0_tiny.ipynb", as_version=4)
    release_nb = nbformat.read(root / "release" / "ps0_tiny" / "ps0_tiny.ipynb", as_version=4)
    sleeper = fill(release_nb, source_nb, {"square": "import time\ntime.sleep(20)\ndef square(x):\n    return x * x"})
    nbformat.write(sleeper, root / "submitted" / "student00" / "ps0_tiny" / "ps0_tiny.ipynb")
    outcomes = grade.grade(["ps0_tiny"], str(root), workers=1, feedback=False)
    assert [o.status for o in outcomes] == ["graded"] * 4
    # student00 is first in line: graded alone it would finish first. Others finishing before it show the
    # class went on while it slept (how many of the three depends on the machine's load, not on the grader).
    order = [o.student for o in outcomes]
    assert order.index("student00") >= 1, order
    assert next(o for o in outcomes if o.student == "student00").seconds >= 20
    got = scores(f"sqlite:///{root / 'gradebook.db'}")
    assert got == {"student00": {"square_small": 1.0, "square_negative": 2.0},
                   **{f"student{i:02d}": expected(i) for i in range(1, 4)}}


def test_a_sandboxed_process_that_is_not_a_descendant_counts(tmp_path):
    """A kernel forked from the kernel template is not a descendant of its grader (its parent is the
    template), but it is in its sandbox's PID namespace, which a descendant of the grader is in: its
    CPU counts. Here the sandbox is a PID namespace made by `unshare`, and the spinner joins it from
    outside with `nsenter`, as a template's child joins a sandbox."""
    import os
    import shutil

    if os.geteuid() != 0 or not shutil.which("unshare") or not shutil.which("nsenter"):
        pytest.skip("needs root, unshare and nsenter")
    holder = subprocess.Popen(["unshare", "--pid", "--fork", "--kill-child", "sleep", "60"])
    spinner = None
    gate = admission.Admission(workers=1, limit=2, window=1.0, period=0.1)
    try:
        import psutil

        deadline = time.time() + 10
        while not psutil.Process(holder.pid).children() and time.time() < deadline:
            time.sleep(0.05)
        inside = psutil.Process(holder.pid).children()[0].pid  # `sleep`, the namespace's first process
        spinner = subprocess.Popen(["nsenter", "--target", str(inside), "--pid", "--", sys.executable, "-c", SPIN])
        assert gate.enter("first")
        gate.watch("first", holder.pid)
        assert _admitted_within(gate, 4.0) is False, "the sandbox's spinning process was not counted"
    finally:
        import psutil

        for proc in (spinner, holder):
            if proc is not None:
                for child in psutil.Process(proc.pid).children(recursive=True):
                    child.kill()
                proc.kill()
                proc.wait()
        gate.close()
