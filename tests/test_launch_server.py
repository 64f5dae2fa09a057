"""helpers.launch through the fork server: what the fork path promises, and untrusted_results.

The fork server is what a launch uses where fork of the caller is unsafe (after a backward pass on
a machine with a GPU, after CUDA initialised, on macOS). No GPU here: autograd's device threads are
simulated by a thread named as torch names them, and the start method is forced where needed.
"""

import ctypes
import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import psutil
import pytest
import torch
import torch.distributed as dist

import helpers
L = sys.modules["helpers.launch"]

pytestmark = pytest.mark.multiprocess

FS = "forkserver"
SERVER_MARK = "multiprocessing.forkserver import main"


def _cmdline(p):
    try:
        return " ".join(p.cmdline())
    except psutil.Error:
        return ""


def _children():
    """Live descendants, except Python's resource tracker and this process's fork server itself.

    The server's ranks count (their command line is the server's: they are forked from it).
    """
    found = []
    for p in psutil.Process().children(recursive=True):
        try:
            if p.status() != psutil.STATUS_ZOMBIE and "resource_tracker" not in _cmdline(p) and p.pid != _server_pid():
                found.append(p)
        except psutil.NoSuchProcess:
            pass
    return found


@pytest.fixture(autouse=True)
def no_process_left_behind():
    before = {p.pid for p in _children()}
    yield
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        left = [p for p in _children() if p.pid not in before]
        if not left:
            return
        time.sleep(0.05)
    pytest.fail(f"processes left behind: {[(p.pid, p.cmdline()) for p in left]}")


def _server_pid():
    from multiprocessing import forkserver

    return forkserver._forkserver._forkserver_pid


# ----------------------------------------------------------------------------- results

def _rank_and_sum(offset):
    t = torch.tensor([float(dist.get_rank())])
    dist.all_reduce(t)
    return dist.get_rank() + offset, t.item(), dist.get_world_size(), os.environ["RANK"], str(helpers.rank_device())


@pytest.mark.parametrize("world_size", [1, 2, 4])
def test_results_in_rank_order_through_the_server(world_size):
    out = helpers.launch(_rank_and_sum, world_size, 100, start_method=FS)
    total = sum(range(world_size))
    assert out == [(100 + r, total, world_size, str(r), "cpu") for r in range(world_size)]
    server = psutil.Process(_server_pid())
    assert server.ppid() == os.getpid() and SERVER_MARK in _cmdline(server)


def test_a_closure_the_callers_environment_and_folder_reach_the_ranks(tmp_path, monkeypatch):
    monkeypatch.setenv("LAUNCH_TEST_VALUE", "from the caller")  # set after the server started
    monkeypatch.chdir(tmp_path)
    base = 7
    out = helpers.launch(lambda: (base + dist.get_rank(), os.environ.get("LAUNCH_TEST_VALUE"), os.getcwd()), 2,
                         start_method=FS)
    assert out == [(7, "from the caller", str(tmp_path)), (8, "from the caller", str(tmp_path))]


def test_ranks_are_forked_from_the_server_with_torch_ddp_imported_and_cuda_untouched():
    def where():
        import torch.nn as nn
        from torch.nn.parallel import DistributedDataParallel as DDP

        model = DDP(nn.Linear(2, 1))
        model(torch.ones(3, 2)).sum().backward()
        return os.getppid(), torch.cuda.is_initialized(), model.module.weight.grad.shape == (1, 2)

    out = helpers.launch(where, 2, start_method=FS)
    assert out == [(_server_pid(), False, True)] * 2


def _simulated_autograd_threads():
    """A thread named as torch names autograd's device threads on a GPU machine (none on a CPU build)."""
    ready, stop = threading.Event(), threading.Event()

    def named():
        ctypes.CDLL(None).prctl(15, b"pt_autograd_0", 0, 0, 0)  # PR_SET_NAME, as c10::setThreadName does
        ready.set()
        stop.wait()

    thread = threading.Thread(target=named, daemon=True)
    thread.start()
    ready.wait()
    return stop, thread


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="thread names from /proc")
def test_after_a_backward_with_device_threads_the_default_is_the_server(tmp_path, monkeypatch):
    log = tmp_path / "launches.jsonl"
    monkeypatch.setenv("DISTCOURSE_LAUNCH_LOG", str(log))
    monkeypatch.delenv("DISTCOURSE_START_METHOD", raising=False)
    torch.ones(2, requires_grad=True).sum().backward()
    stop, thread = _simulated_autograd_threads()
    try:
        assert helpers.launch(_rank_and_sum, 2, 0)[1][:2] == (1, 1.0)
        with pytest.raises(RuntimeError, match="forkserver"):
            helpers.launch(_rank_and_sum, 2, 0, start_method="fork")
    finally:
        stop.set()
        thread.join()
    assert [json.loads(line)["start_method"] for line in log.read_text().splitlines()] == [FS]


def test_the_server_is_the_default_wherever_fork_of_the_caller_is_unsafe(monkeypatch):
    monkeypatch.delenv("DISTCOURSE_START_METHOD", raising=False)
    monkeypatch.setattr(L, "_autograd_threads_started", lambda: False)
    monkeypatch.setattr(sys, "platform", "darwin")  # macOS: no fork of the caller at all
    assert L._choose_start_method(None) == FS
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(torch.cuda, "is_initialized", lambda: True)  # CUDA initialised here
    assert L._choose_start_method(None) == FS
    monkeypatch.setattr(torch.cuda, "is_initialized", lambda: False)
    assert L._choose_start_method(None) == "fork"  # safe: fork stays, it is faster
    monkeypatch.setenv("DISTCOURSE_START_METHOD", "forkserver")
    assert L._choose_start_method(None) == FS


def test_the_autograd_fork_guard_safety_net_moves_to_the_server(monkeypatch):
    calls = []

    def fake_launch(fn, plan, args, kwargs, timeout, start_method, *rest):
        calls.append(start_method)
        if start_method == "fork":
            raise L.RankError(f"rank 0 of 1 raised RuntimeError: {L._AUTOGRAD_FORK_ERROR}", 0, "RuntimeError", "")
        return ["ok"]

    monkeypatch.setattr(L, "_launch", fake_launch)
    monkeypatch.setattr(L, "_FORK_BROKEN", False)
    monkeypatch.setattr(L, "_autograd_threads_started", lambda: False)
    monkeypatch.delenv("DISTCOURSE_START_METHOD", raising=False)
    if not (sys.platform.startswith("linux") and not torch.cuda.is_initialized()):
        pytest.skip("fork is not the default here")
    assert L.launch(lambda: None, 1, backend="gloo") == ["ok"]
    assert calls == ["fork", FS]
    assert L._choose_start_method(None) == FS


# ----------------------------------------------------------------------------- failures

def _fail_on_rank_one():
    if dist.get_rank() == 1:
        raise ValueError("bad shard size on this rank")
    dist.barrier()


def test_a_ranks_exception_comes_back_with_its_rank_and_traceback():
    with pytest.raises(helpers.RankError) as info:
        helpers.launch(_fail_on_rank_one, 2, timeout=30, start_method=FS)
    err = info.value
    assert err.rank == 1 and err.exc_type == "ValueError"
    assert "rank 1 of 2 raised ValueError: bad shard size on this rank" in str(err)
    assert "_fail_on_rank_one" in err.remote_traceback and isinstance(err.exception, ValueError)


def test_a_rank_that_exits_or_crashes_is_reported():
    def die():
        if dist.get_rank() == 1:
            os._exit(3)
        time.sleep(30)

    with pytest.raises(helpers.RankError, match="rank 1 of 2 died with exit code 3"):
        helpers.launch(die, 2, timeout=30, start_method=FS)
    with pytest.raises(helpers.RankError, match="signal SIGSEGV"):
        helpers.launch(lambda: os.kill(os.getpid(), signal.SIGSEGV), 2, start_method=FS)


def test_a_timeout_names_the_stuck_ranks_and_kills_them():
    def rank_zero_waits():
        if dist.get_rank() == 0:
            dist.all_reduce(torch.ones(1))
        return "done"

    with pytest.raises(helpers.LaunchTimeout) as info:
        helpers.launch(rank_zero_waits, 2, timeout=3, start_method=FS)
    assert info.value.running == [0] and info.value.waiting == [1]
    assert "Rank(s) [0] were still running" in str(info.value)


def _allocate_mib(mib):
    x = torch.ones(mib * 2**20 // 4)
    return x.numel() * 4 // 2**20


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_DATA is Linux's")
def test_memory_budget_holds_for_ranks_of_the_server():
    assert helpers.launch(_allocate_mib, 2, 40, memory_budget="100MiB", backend="gloo", start_method=FS) == [40, 40]
    with pytest.raises(helpers.RankError, match="DefaultCPUAllocator: can't allocate memory"):
        helpers.launch(_allocate_mib, 2, 200, memory_budget="100MiB", backend="gloo", start_method=FS)
    assert helpers.launch(_allocate_mib, 2, 200, backend="gloo", start_method=FS) == [200, 200]


# ----------------------------------------------------------------------------- processes

def _script(body):
    return textwrap.dedent(
        """
        import os, sys, time, helpers
        def forever():
            print("running", flush=True)
            time.sleep(600)
        def hello():
            import torch.distributed as dist
            print("hello from", dist.get_rank())
        if __name__ == "__main__":
        """
    ) + textwrap.indent(textwrap.dedent(body), "    ")


def test_prints_reach_the_caller_with_their_rank():
    code = _script('helpers.launch(hello, 2, start_method="forkserver")')
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=180)
    assert out.returncode == 0, out.stderr
    assert "[rank 0] hello from 0" in out.stdout and "[rank 1] hello from 1" in out.stdout


def _wait_for_ranks(parent, n):
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        server = [p for p in parent.children() if SERVER_MARK in _cmdline(p)]
        if server and len(server[0].children()) >= n:
            return server[0], server[0].children()
        time.sleep(0.1)
    raise AssertionError("the ranks never started")


def test_a_killed_caller_takes_its_server_and_ranks_down():
    proc = subprocess.Popen([sys.executable, "-c", _script('helpers.launch(forever, 2, timeout=300, start_method="forkserver")')])
    parent = psutil.Process(proc.pid)
    server, ranks = _wait_for_ranks(parent, 2)
    everything = parent.children(recursive=True)
    proc.kill()  # the kernel dies without a chance to clean up
    proc.wait()
    gone, alive = psutil.wait_procs(everything, timeout=10)
    # an orphan that ended but that init has not reaped yet (a zombie, seen under heavy load) holds nothing
    alive = [p for p in alive if not _zombie(p)]
    assert not alive, f"outlived their caller: {[(p.pid, _cmdline(p)) for p in alive]}"
    assert all(p in gone or _zombie(p) for p in [server, *ranks])


def _zombie(p) -> bool:
    try:
        return p.status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True  # reaped since


def test_ctrl_c_kills_the_ranks_and_the_server_goes_with_the_caller():
    code = _script(
        """
        try:
            helpers.launch(forever, 2, timeout=300, start_method="forkserver")
        except KeyboardInterrupt:
            print("interrupted", flush=True)
            time.sleep(1)
        """
    )
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    parent = psutil.Process(proc.pid)
    server, ranks = _wait_for_ranks(parent, 2)
    # Ctrl-C while the ranks run the function (both said so), not while the launch is still being set up: on a
    # loaded machine 0.5 s after the ranks appeared was sometimes before that
    running = [proc.stdout.readline() for _ in range(2)]
    assert all("running" in line for line in running), running
    proc.send_signal(signal.SIGINT)
    gone, alive = psutil.wait_procs(ranks, timeout=10)
    assert not alive, "ranks survived the interrupt"
    assert server.is_running(), "the server belongs to the caller until it exits"
    out, _ = proc.communicate(timeout=30)
    assert "interrupted" in out
    psutil.wait_procs([server], timeout=10)
    assert not server.is_running() or server.status() == psutil.STATUS_ZOMBIE


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl is Linux's")
def test_a_rank_whose_parent_died_before_it_asked_for_the_death_signal_exits():
    def child_exit_code(parent):
        pid = os.fork()
        if pid == 0:
            L._set_parent_death_signal(parent)
            os._exit(0)
        return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])

    assert child_exit_code(os.getpid()) == 0  # its parent is there: it runs on
    assert child_exit_code(1) == 1  # what it sees once its parent died: reparented, so it stops


def test_importing_helpers_or_forking_starts_no_server():
    code = _script(
        """
        import psutil
        helpers.launch(hello, 2, start_method="fork")
        print("servers", sum("forkserver" in " ".join(c.cmdline()) for c in psutil.Process().children()))
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=180)
    assert out.returncode == 0, out.stderr
    assert "servers 0" in out.stdout


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_neither_the_server_nor_its_ranks_hold_the_callers_descriptors():
    """A private channel the caller holds (inheritable or not) never reaches the server or a rank."""
    from multiprocessing import forkserver

    def fd_targets(pid="self"):
        found = set()
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                found.add(os.readlink(f"/proc/{pid}/fd/{fd}"))
            except OSError:
                pass
        return found

    private_r, private_w = os.pipe()
    os.set_inheritable(private_w, True)
    secret = {f"pipe:[{os.fstat(private_r).st_ino}]"}
    saved = forkserver._forkserver._forkserver_pid
    try:
        if saved is not None:  # a fresh server, started while the caller holds the channel
            os.close(forkserver._forkserver._forkserver_alive_fd)
            psutil.Process(saved).wait(10)
            forkserver._forkserver._forkserver_pid = None
        assert secret <= fd_targets()
        ranks = helpers.launch(lambda: sorted(fd_targets()), 2, start_method=FS)
        server = fd_targets(_server_pid())
        assert not secret & server, server
        for seen in ranks:
            assert not secret & set(seen), seen
        # and the check can fail: a forked rank does hold it
        assert secret & set(helpers.launch(lambda: sorted(fd_targets()), 1, start_method="fork")[0])
    finally:
        os.close(private_r)
        os.close(private_w)


# ----------------------------------------------------------------------------- untrusted_results

def _touch(path):
    with open(path, "w") as fh:
        fh.write("code ran here")
    return "touched"


def _touch_elsewhere(rank_pid, path):
    """Creates `path` when unpickled in any process but the rank that made the pickle."""
    if os.getpid() != rank_pid:
        _touch(path)
    return ValueError("harmless")


class _Evil:
    def __init__(self, path):
        self.path = path

    def __reduce__(self):
        return (_touch, (self.path,))


class _EvilError(Exception):
    def __init__(self, path, pid=None):
        super().__init__(path)
        self.path, self.pid = path, pid or os.getpid()

    def __reduce__(self):
        return (_touch_elsewhere, (self.pid, self.path))


def test_a_malicious_result_is_refused_and_runs_nothing(tmp_path):
    marker = tmp_path / "created"
    for method in ("fork", FS):
        with pytest.raises(helpers.RankError, match="untrusted_results=True refuses.*_touch") as info:
            helpers.launch(_Evil, 2, str(marker), start_method=method, untrusted_results=True)
        assert info.value.rank == 0 and info.value.exception is None
        assert not marker.exists(), "unpickling the result ran the rank's code in the caller"
    # the check can fail: without untrusted_results the same result runs its code here
    assert helpers.launch(_Evil, 1, str(marker), start_method=FS) == ["touched"] and marker.exists()


def test_a_malicious_exception_comes_back_as_text_only(tmp_path):
    marker = tmp_path / "created"

    def raise_evil():
        raise _EvilError(str(marker))

    with pytest.raises(helpers.RankError) as info:
        helpers.launch(raise_evil, 1, start_method=FS, untrusted_results=True)
    err = info.value
    assert err.exception is None and err.exc_type == "_EvilError" and "raise_evil" in err.remote_traceback
    assert all(isinstance(x, str) for x in (err.exc_type, err.remote_traceback, str(err)))
    assert not marker.exists()
    with pytest.raises(helpers.RankError):  # the check can fail: trusted, the exception is unpickled here
        helpers.launch(raise_evil, 1, start_method=FS)
    assert marker.exists()


def test_plain_data_comes_back_and_a_tensor_does_not():
    value = (None, True, 3, 2.5, 1 + 2j, "s", b"b", bytearray(b"ba"), [1], {"k": (1,)}, {1, 2}, frozenset({3}))
    assert helpers.launch(lambda: value, 2, untrusted_results=True) == [value, value]
    with pytest.raises(helpers.RankError, match="refuses.*torch"):
        helpers.launch(lambda: torch.ones(2), 1, untrusted_results=True)


def _own_result_path():
    """What code in a rank can find: the launch's folder, from the frames above it."""
    frame = sys._getframe()
    while frame is not None and not hasattr(frame.f_locals.get("job"), "workdir"):
        frame = frame.f_back
    return os.path.join(frame.f_locals["job"].workdir, f"rank{os.environ['RANK']}.result")


def test_a_result_swapped_for_a_fifo_a_link_or_a_huge_file_is_refused(tmp_path, monkeypatch):
    def fifo():
        os.mkfifo(_own_result_path())
        os._exit(0)  # a FIFO nobody writes: a plain open() in the caller would block forever

    def link(target):
        os.symlink(target, _own_result_path())
        os._exit(0)

    def big():
        return b"x" * 4096

    target = tmp_path / "elsewhere.pickle"
    target.write_bytes(__import__("pickle").dumps((0.0, "from a link")))
    with pytest.raises(helpers.RankError, match="not a regular file"):
        helpers.launch(fifo, 1, backend=None, start_method=FS, untrusted_results=True, timeout=30)
    with pytest.raises(helpers.RankError, match="cannot be opened as a plain file"):
        helpers.launch(link, 1, str(target), backend=None, start_method=FS, untrusted_results=True)
    assert helpers.launch(link, 1, str(target), backend=None, start_method=FS) == ["from a link"]  # can fail
    monkeypatch.setattr(L, "UNTRUSTED_RESULT_LIMIT", 1024)
    with pytest.raises(helpers.RankError, match="more than UNTRUSTED_RESULT_LIMIT"):
        helpers.launch(big, 1, backend=None, untrusted_results=True)
    assert len(helpers.launch(big, 1, backend=None)[0]) == 4096


# ----------------------------------------------------------------------------- in the grading sandbox

IN_SANDBOX = r"""
import json, os, psutil, torch, torch.distributed as dist
import helpers
from multiprocessing import forkserver
import ctypes, threading
torch.ones(2, requires_grad=True).sum().backward()
ready, stop = threading.Event(), threading.Event()
def named():  # autograd's device thread, as on a GPU machine after a backward: fork is unsafe
    ctypes.CDLL(None).prctl(15, b"pt_autograd_0", 0, 0, 0)
    ready.set()
    stop.wait()
threading.Thread(target=named, daemon=True).start()
ready.wait()
def where():
    t = torch.ones(1)
    dist.all_reduce(t)
    return os.getppid(), t.item()
out = helpers.launch(where, 2, untrusted_results=True)
server = forkserver._forkserver._forkserver_pid
import sys
method = sys.modules["helpers.launch"]._choose_start_method(None)
stop.set()
print(json.dumps({"kernel": os.getpid(), "server": server, "server_parent": psutil.Process(server).ppid(),
                  "ranks": out, "method": method}))
"""


def test_in_the_grading_sandbox_the_server_is_the_kernels_own():
    from grader import sandbox

    if sandbox.available() is not None:
        pytest.skip(f"no sandbox here: {sandbox.available()}")
    from tests.test_sandbox import checked, run_sandboxed, world  # noqa: F401

    import tempfile

    base = tempfile.mkdtemp(prefix="sandbox-test-", dir="/var/tmp" if os.access("/var/tmp", os.W_OK) else None)
    paths = {"course": os.path.join(base, "course"), "home": os.path.join(base, "home"),
             "work": os.path.join(base, "course", "autograded", "s", "a")}
    for folder in paths.values():
        os.makedirs(folder, exist_ok=True)
    try:
        seen = checked(run_sandboxed(paths, IN_SANDBOX, timeout=300))
    finally:
        import shutil

        shutil.rmtree(base, ignore_errors=True)
        sandbox.remove_empty_cgroups()
    assert seen["server_parent"] == seen["kernel"], "the server is not the sandboxed kernel's own child"
    assert seen["ranks"] == [[seen["server"], 2.0]] * 2 and seen["method"] == FS


# ----------------------------------------------------------------------------- started early

EARLY = """
import json, os, psutil, helpers
from multiprocessing import forkserver
early = forkserver._forkserver._forkserver_pid
def parent():
    return os.getppid()
ranks = helpers.launch(parent, 2, backend=None) if early else []
print("EARLY " + json.dumps({"early": early, "kernel": os.getpid(),
                             "early_parent": psutil.Process(early).ppid() if early else None, "ranks": ranks,
                             "server_after": forkserver._forkserver._forkserver_pid}))
"""


def _in_a_jupyter_kernel(tmp_path, env: dict, code: str) -> dict:
    from jupyter_client import KernelManager

    km = KernelManager(kernel_name="python3")
    km.start_kernel(cwd=str(tmp_path), env={**os.environ, **env})
    kc = km.client()
    try:
        kc.start_channels()
        kc.wait_for_ready(timeout=120)
        out = []
        kc.execute_interactive(code, timeout=180, output_hook=lambda m: out.append(m["content"].get("text", ""))
                               if m["msg_type"] == "stream" else None)
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    line = [x for x in "".join(out).splitlines() if x.startswith("EARLY ")]
    assert line, out
    return json.loads(line[0][6:])


@pytest.mark.parametrize("method, early", [("forkserver", True), ("fork", False), ("", False)])
def test_a_jupyter_kernel_starts_its_server_at_import_where_launches_need_it(tmp_path, method, early):
    """Where launches go through the server (forced here; macOS and a GPU machine in life), `import helpers`
    in a kernel starts it in the background, and the first launch uses that one; elsewhere none starts."""
    seen = _in_a_jupyter_kernel(tmp_path, {"DISTCOURSE_START_METHOD": method}, EARLY)
    if not early:
        assert seen["early"] is None and seen["server_after"] is None
        return
    assert seen["early"] and seen["early_parent"] == seen["kernel"]
    assert seen["ranks"] == [seen["early"]] * 2 and seen["server_after"] == seen["early"]


def test_the_early_start_can_be_turned_off_and_is_not_run_outside_a_kernel(tmp_path):
    seen = _in_a_jupyter_kernel(tmp_path, {"DISTCOURSE_START_METHOD": "forkserver",
                                           "DISTCOURSE_EARLY_FORK_SERVER": "0"}, EARLY)
    assert seen["early"] is None
    script = subprocess.run([sys.executable, "-c", EARLY], capture_output=True, text=True,
                            timeout=180, env={**os.environ, "DISTCOURSE_START_METHOD": "forkserver"})
    assert script.returncode == 0, script.stderr
    assert json.loads(script.stdout.split("EARLY ", 1)[1])["early"] is None  # a script (or the kernel template)
