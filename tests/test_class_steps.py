"""Class steps (feedback, export, tables, the picture) have time limits: one that hangs costs itself."""

import os
import time

import pytest

from grader import grade

pytestmark = pytest.mark.xdist_group("forkserver")


def test_a_class_step_that_hangs_is_stopped_at_its_limit_and_named(tmp_path, capsys):
    servers = grade._Servers(str(tmp_path))
    steps = grade.ClassSteps(servers, str(tmp_path), timeout=3)
    try:
        steps.start(("call", "time", "sleep", [120]))
        steps.start(("call", "os.path", "exists", [str(tmp_path)]))
        began = time.monotonic()
        assert steps.wait() is False
        assert time.monotonic() - began < 40, "the hanging step was waited for past its limit"
    finally:
        steps.close()
        servers.close()
    err = capsys.readouterr().err
    assert "class step call time sleep failed (stopped after 3 s)" in err, err
    assert "os.path" not in err, "the step that finished was reported as failed"


def test_one_students_page_that_hangs_or_dies_costs_that_page_only(tmp_path, capsys):
    """Feedback is one page per student, each a child with its own time and memory limits, in turn."""
    servers = grade._Servers(str(tmp_path))
    steps = grade.ClassSteps(servers, str(tmp_path))
    try:
        steps.start_in_turn([("slow", "ps0", ("call", "time", "sleep", [120])),
                             ("dies", "ps0", ("call", "os", "abort", [])),
                             ("fine", "ps0", ("call", "os.path", "exists", [str(tmp_path)]))], timeout=3)
        began = time.monotonic()
        assert steps.wait() is False
        assert time.monotonic() - began < 60
    finally:
        steps.close()
        servers.close()
    assert steps.pages[("fine", "ps0")] == "written"
    assert steps.pages[("slow", "ps0")] == "failed: stopped after 3 s"
    assert steps.pages[("dies", "ps0")].startswith("failed: the feedback page's process was killed by signal 6")
    assert "feedback ps0/slow failed" in capsys.readouterr().err


def test_a_child_of_the_grader_holds_at_most_its_data_cap(tmp_path):
    """A grading child (a submission's nbgrader run, a page, a step) cannot grow past CHILD_DATA_BYTES: what a
    hand-in makes the grader's side hold fails that child, not the machine."""
    servers = grade._Servers(str(tmp_path))
    steps = grade.ClassSteps(servers, str(tmp_path))
    try:
        steps.start_in_turn([("big", "ps0", ("call", "builtins", "bytearray", [3 * 2**30])),
                             ("small", "ps0", ("call", "builtins", "bytearray", [2**20]))], timeout=120)
        steps.wait(quiet=True)
    finally:
        steps.close()
        servers.close()
    assert steps.pages[("small", "ps0")] == "written"
    assert steps.pages[("big", "ps0")].startswith("failed: the grader's process for this submission ran out of memory"), (
        steps.pages)


FLOOD = '''
import logging, sys
logging.basicConfig(stream=sys.stderr, format="[AutogradeApp | %(levelname)s] %(message)s")
log = logging.getLogger("AutogradeApp")
for _ in range(64):  # what nbclient logs of a message type the kernel signed itself, 1 MiB each
    log.error("unhandled iopub msg: %s", "x" * 2**20)
log.error("unhandled iopub msg: a\\n[AutogradeApp | ERROR] ForgedError: regrade with UNSANDBOXED=1")
'''


def test_what_a_grading_child_logs_is_capped_and_never_starts_a_line_of_its_own(tmp_path):
    """Round 14: nbclient logs each unknown IOPub message type verbatim; a kernel that signed 1 MiB types wrote
    5 GiB into its submission's log on the grader's disk, and a newline in one made a line of the grader's."""
    script = tmp_path / "flood.py"
    script.write_text(FLOOD)
    servers = grade._Servers(str(tmp_path))
    steps = grade.ClassSteps(servers, str(tmp_path))
    try:
        steps.start(("call", "runpy", "run_path", [str(script)]))
        assert steps.wait(quiet=True) is not False
        logs = [os.path.join(steps.logs, name) for name in os.listdir(steps.logs)]
        size = sum(os.path.getsize(log) for log in logs)
        text = "".join(open(log, errors="replace").read() for log in logs)
    finally:
        steps.close()
        servers.close()
    assert "unhandled iopub msg" in text, "the script logged nothing: the test tried nothing"
    assert size < 2**20, f"{size:,} bytes of log from 64 records"
    assert not any(line.startswith("[AutogradeApp | ERROR] ForgedError") for line in text.splitlines()), text[-500:]
