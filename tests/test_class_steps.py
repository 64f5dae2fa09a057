"""Class steps (feedback, export, tables, the picture) have time limits: one that hangs costs itself."""

import time

import pytest

from tools import grade

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
