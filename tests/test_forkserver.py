"""The warm grader (grader.forkserver) keeps one failure domain per submission and shares nothing.

The server imports nbgrader, torch and the judges once and forks a process per submission; the next
submission's kernel is started (and warmed) while the current one is graded. These tests hold it to
what that must not cost: a child's state never reaches the next child, a killed or crashed child
costs itself only, a dead server takes its children with it and is replaced, the gate holds, the
server has no door but the grader's pipe, and a kernel started early for student B shares nothing
with student A's, which runs at the same time.
"""

from __future__ import annotations

import json
import os
import signal
import threading
import time

import nbformat
import psutil
import pytest

from grader import forkserver, judge, sandbox, zygote
from tests.tiny_course import make_course
from grader import grade
from grader.course import ROOT, venv_env
from tools.submissions import fill

pytestmark = pytest.mark.xdist_group("forkserver")


# ----------------------------------------------------------------------------- run in the server's children


def _write_state(path: str) -> None:
    """What a child sees of the state an earlier child may have changed."""
    with open(path, "w") as fh:
        json.dump({"timeout": judge.JUDGE_TIMEOUT, "env": os.environ.get("LEAKED"),
                   "marker": getattr(judge, "_planted", None)}, fh)


def _corrupt_state(path: str) -> None:
    """A child that changes everything it can reach of the grader's process (as a judge might by mistake)."""
    judge.JUDGE_TIMEOUT = -1.0
    judge._planted = "from an earlier child"
    os.environ["LEAKED"] = "yes"
    _write_state(path)


def _sleep(seconds: float) -> None:
    time.sleep(seconds)


def _wait_for_gate_then_write(path: str) -> None:
    gate = int(os.environ["DISTCOURSE_GATE_FD"])
    told = os.read(gate, 1)
    if not told:  # the server ended: as ResilientExecute does, go no further
        raise SystemExit(1)
    with open(path, "w") as fh:
        fh.write(f"{told!r} {time.time()}")


def _warm_then_wait_for_gate(path: str) -> None:
    """What ResilientExecute does once its kernel is warm: say so, then wait for its turn."""
    os.write(int(os.environ["DISTCOURSE_WARM_FD"]), b"w")
    _wait_for_gate_then_write(path)


def _crash() -> None:
    os.kill(os.getpid(), signal.SIGSEGV)


@pytest.fixture
def server():
    srv = forkserver.ForkServer(env=venv_env(), cwd=ROOT)
    yield srv
    srv.close()


def _call(server, tmp_path, name, *args, gated=False):
    return server.fork(None, venv_env(), str(tmp_path), str(tmp_path / f"{name}.log"), gated=gated,
                       call=("tests.test_forkserver", name, list(args)))


def test_a_child_changes_nothing_for_the_next_one(server, tmp_path):
    first = _call(server, tmp_path, "_corrupt_state", str(tmp_path / "first.json"))
    assert first.wait(120) == 0, (tmp_path / "_corrupt_state.log").read_text()
    second = _call(server, tmp_path, "_write_state", str(tmp_path / "second.json"))
    assert second.wait(120) == 0, (tmp_path / "_write_state.log").read_text()
    seen_first = json.loads((tmp_path / "first.json").read_text())
    seen_second = json.loads((tmp_path / "second.json").read_text())
    assert seen_first["timeout"] == -1.0 and seen_first["env"] == "yes"  # the change was made, in the first
    assert seen_second["timeout"] == judge.JUDGE_TIMEOUT and seen_second["env"] is None
    assert seen_second["marker"] is None


def test_a_killed_or_crashed_child_costs_itself_only(server, tmp_path):
    sleeper = _call(server, tmp_path, "_sleep", 600)
    assert sleeper.wait(0.5) is None
    sleeper.kill()
    assert sleeper.wait(30) == -signal.SIGKILL
    assert _call(server, tmp_path, "_crash").wait(60) == -signal.SIGSEGV
    after = _call(server, tmp_path, "_write_state", str(tmp_path / "after.json"))
    assert after.wait(120) == 0 and json.loads((tmp_path / "after.json").read_text())["env"] is None


def test_the_gate_holds_until_go(server, tmp_path):
    out = tmp_path / "gated.txt"
    child = _call(server, tmp_path, "_wait_for_gate_then_write", str(out), gated=True)
    assert child.wait(2) is None and not out.exists(), "the child went on before its turn"
    went = time.time()
    child.go()
    assert child.wait(60) == 0
    told, at = out.read_text().split()
    assert told == "b'g'" and float(at) >= went


def test_a_warm_kernel_is_told_before_its_turn(server, tmp_path):
    """The grader starts the next kernel once the current one is warm: the child says so before its gate,
    and a child that ends without warming up does not leave the grader waiting."""
    out = tmp_path / "gated.txt"
    child = _call(server, tmp_path, "_warm_then_wait_for_gate", str(out), gated=True)
    assert child.wait_warm(60) is True
    assert child.wait(1) is None and not out.exists(), "warm is not a turn: the gate still holds"
    child.go()
    assert child.wait(60) == 0 and out.exists()
    crashed = _call(server, tmp_path, "_crash", gated=True)
    started = time.monotonic()
    assert crashed.wait_warm(60) is False and time.monotonic() - started < 30
    assert crashed.wait(30) == -signal.SIGSEGV


NAMESPACE_CHECK = """\"\"\"The grader's warm-up leaves no name in the notebook and no lower priority in the kernel.\"\"\"
import os
import sys
assert "torch" in sys.modules, "the warm-up did not import torch"
left = sorted({"torch", "helpers", "gc", "importlib", "threading"} & set(globals()))
assert not left, f"names the notebook did not define: {left}"
assert os.getpriority(os.PRIO_PROCESS, 0) == 0, "the kernel's main thread runs at lower priority"
"""


def test_the_warm_up_leaves_the_notebook_as_it_would_be_at_home(tmp_path):
    """A notebook that forgets `import torch` must fail in grading as it fails at home; and the student's
    code (the kernel's main thread, the ranks it forks) runs at normal priority, prestarted or not."""
    from tools import nbauthor as nba

    root = tmp_path / "course"
    root.mkdir()
    (root / "nbgrader_config.py").write_text(open(os.path.join(ROOT, "nbgrader_config.py")).read())
    nba.write(str(root / "source" / "ps0_names" / "ps0_names.ipynb"), [nba.code("clean", NAMESPACE_CHECK)])
    grade.ensure_in_gradebook(["ps0_names"], str(root))
    release = root / "release" / "ps0_names" / "ps0_names.ipynb"
    for student in ("first", "prestarted", "third"):  # the 2nd and 3rd kernels warm up while one is graded
        (root / "submitted" / student / "ps0_names").mkdir(parents=True)
        (root / "submitted" / student / "ps0_names" / "ps0_names.ipynb").write_text(release.read_text())
    outcomes = grade.grade(["ps0_names"], str(root), workers=1, feedback=False)
    assert [o.status for o in outcomes] == ["graded"] * 3, outcomes
    from tests.grading import _cell_output
    for student in ("first", "prestarted", "third"):
        nb = nbformat.read(root / "autograded" / student / "ps0_names" / "ps0_names.ipynb", as_version=4)
        cells = [c for c in nb.cells if c.cell_type == "code"]
        assert cells and all(c.get("execution_count") for c in cells), f"{student}: the check did not run"
        errors = [_cell_output(c) for c in cells if any(o.get("output_type") == "error" for o in c.get("outputs", []))]
        assert not errors, f"{student}: {errors}"


def test_children_die_with_the_server_and_a_new_server_takes_over(tmp_path):
    servers = grade._Servers(str(tmp_path))
    try:
        old = servers.get()
        waiting = _call(old, tmp_path, "_wait_for_gate_then_write", str(tmp_path / "never.txt"), gated=True)
        sleeper = _call(old, tmp_path, "_sleep", 600)
        os.kill(old.proc.pid, signal.SIGKILL)  # the server crashes
        def alive(pid):
            try:
                return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
            except psutil.NoSuchProcess:
                return False

        deadline = time.monotonic() + 30
        while (alive(waiting.pid) or alive(sleeper.pid)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not alive(waiting.pid) and not alive(sleeper.pid), "a child outlived its server"
        assert not (tmp_path / "never.txt").exists()
        with pytest.raises(forkserver.ServerDied):
            sleeper.wait(30)
        new = servers.get()
        assert new is not old and new.proc.poll() is None
        assert _call(new, tmp_path, "_write_state", str(tmp_path / "new.json")).wait(120) == 0
    finally:
        servers.close()


def test_the_server_has_no_door_but_the_graders_pipe(server):
    """No socket at all, listening or not: a kernel (or anything else) has no way to talk to it."""
    server.fork(None, venv_env(), ROOT, os.devnull, call=("tests.test_forkserver", "_sleep", [0])).wait(60)
    proc = psutil.Process(server.proc.pid)
    assert proc.net_connections(kind="all") == []
    assert {c.name() for c in proc.children()} <= {"python", "python3"}  # nothing left running either


# ----------------------------------------------------------------------------- a kernel started early shares nothing

SPY = (
    "import glob, os, sys, time\n"
    "own = os.getpid()\n"
    "kernels = set()  # a kernel bwrap started, or one forked from the template (grader.zygote)\n"
    "for path in glob.glob('/proc/[0-9]*/cmdline'):\n"
    "    try:\n"
    "        args = open(path, 'rb').read()\n"
    "    except OSError:\n"
    "        continue\n"
    "    if b'ipykernel_launcher' in args or b'grader.zygote' in args:\n"
    "        kernels.add(int(path.split('/')[2]))\n"
    "planted = set(glob.glob('/tmp/planted-*') + glob.glob('planted-*'))\n"
    "others = sorted(planted - {f'/tmp/planted-{STUDENT}', f'planted-{STUDENT}'})\n"
    "open(f'/tmp/planted-{STUDENT}', 'w').write('x'); open(f'planted-{STUDENT}', 'w').write('x')\n"
    "print('OWN KERNEL SEEN', own in kernels, 'OTHER KERNELS', sorted(kernels - {own}), 'OTHER FILES', others)\n"
    "time.sleep(SLEEP)")


@pytest.mark.slow
@pytest.mark.skipif(sandbox.available() is not None, reason=f"no sandbox here: {sandbox.available()}")
def test_a_kernel_started_early_for_b_shares_nothing_with_a(tmp_path):
    """Student A's kernel runs while B's is already started and warm: neither sees the other's
    processes or files, and each still gets its own grade."""
    root = make_course(tmp_path, 0)
    source = nbformat.read(root / "source" / "ps0_tiny" / "ps0_tiny.ipynb", as_version=4)
    release = nbformat.read(root / "release" / "ps0_tiny" / "ps0_tiny.ipynb", as_version=4)
    for student, sleep in (("a_first", 8), ("b_second", 0)):
        nb = fill(release, source)
        nb.cells.insert(1, nbformat.v4.new_code_cell(f"STUDENT = {student!r}\nSLEEP = {sleep}\n" + SPY))
        folder = root / "submitted" / student / "ps0_tiny"
        folder.mkdir(parents=True)
        nbformat.write(nb, folder / "ps0_tiny.ipynb")
    peak, done = [0], threading.Event()

    def count_kernels():  # kernels started by this grading run, seen from outside
        while not done.is_set():
            found = 0
            for proc in psutil.process_iter(["cmdline", "name"]):
                try:
                    ours = os.getpid() in {p.pid for p in proc.parents()}
                except psutil.Error:
                    continue
                # a kernel bwrap started, or one forked from the kernel template (grader.zygote)
                found += ours and (any(a.endswith("ipykernel_launcher") for a in proc.info["cmdline"] or [])
                                   or proc.info["name"] == zygote.KERNEL_NAME)
            peak[0] = max(peak[0], found)
            time.sleep(0.1)

    watcher = threading.Thread(target=count_kernels, daemon=True)
    watcher.start()
    try:
        outcomes = grade.grade(["ps0_tiny"], str(root), workers=1, feedback=False)
    finally:
        done.set()
        watcher.join()
    assert [o.status for o in outcomes] == ["graded", "graded"], outcomes
    assert peak[0] >= 2, "B's kernel was not started while A was graded: nothing was tested"
    for student in ("a_first", "b_second"):
        graded = nbformat.read(root / "autograded" / student / "ps0_tiny" / "ps0_tiny.ipynb", as_version=4)
        text = "".join(o.get("text", "") for c in graded.cells if c.cell_type == "code" for o in c.get("outputs", []))
        assert "OWN KERNEL SEEN True OTHER KERNELS [] OTHER FILES []" in text, \
            f"{student}'s kernel saw another kernel or another student's files: {text}"
        assert not (root / "submitted" / student / "ps0_tiny" / f"planted-{student}").exists()
    from tests.tiny_course import scores

    got = scores(f"sqlite:///{root / 'gradebook.db'}")
    assert got == {"a_first": {"square_small": 1.0, "square_negative": 2.0},
                   "b_second": {"square_small": 1.0, "square_negative": 2.0}}
