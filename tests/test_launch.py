"""helpers.launch: results in rank order, errors with their rank, timeouts that name ranks, no leftovers."""

import contextlib
import functools
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from multiprocessing import forkserver

import nbformat
import psutil
import pytest
import torch
import torch.distributed as dist

import helpers
from helpers import private_network
from helpers.launch import _PrefixedStream

pytestmark = pytest.mark.multiprocess


def _children():
    """Live descendants, except Python's own per-interpreter resource tracker (started by spawn), this
    process's fork server and the holder of its ranks' network (both live as long as this process; the
    server's ranks still count)."""
    found = []
    for p in psutil.Process().children(recursive=True):
        try:
            server = p.pid in (forkserver._forkserver._forkserver_pid, private_network.holder_pid())
            if p.status() != psutil.STATUS_ZOMBIE and "resource_tracker" not in " ".join(p.cmdline()) and not server:
                found.append(p)
        except psutil.NoSuchProcess:
            pass
    return found


@pytest.fixture(autouse=True)
def no_process_left_behind():
    """Every test here must leave no child process alive: checked before and after with psutil."""
    before = {p.pid for p in _children()}
    yield
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        left = [p for p in _children() if p.pid not in before]
        if not left:
            return
        time.sleep(0.05)
    pytest.fail(f"processes left behind: {[(p.pid, p.cmdline()) for p in left]}")


# ----------------------------------------------------------------------------- results

def _rank_and_sum(offset):
    t = torch.tensor([float(dist.get_rank())])
    dist.all_reduce(t)
    return dist.get_rank() + offset, t.item(), dist.get_world_size(), dist.get_backend(), os.environ["RANK"]


@pytest.mark.parametrize("world_size", [1, 2, 4])
def test_returns_results_in_rank_order(world_size):
    results = helpers.launch(_rank_and_sum, world_size, 100)
    total = sum(range(world_size))
    assert results == [(100 + r, total, world_size, "gloo", str(r)) for r in range(world_size)]


def test_kwargs_and_tensors_travel_both_ways():
    def scale(x, factor=1.0):
        return x * factor + dist.get_rank()

    out = helpers.launch(scale, 2, torch.ones(3), factor=2.0)
    assert torch.equal(out[0], torch.full((3,), 2.0)) and torch.equal(out[1], torch.full((3,), 3.0))


def test_closures_and_lambdas_work_with_fork():
    secret = {"value": 41}
    assert helpers.launch(lambda: secret["value"] + dist.get_rank(), 2) == [41, 42]


def test_spawn_start_method_runs_a_closure_via_cloudpickle():
    base = 7
    assert helpers.launch(lambda: base + dist.get_rank(), 2, start_method="spawn", timeout=120) == [7, 8]


def test_no_backend_runs_plain_processes():
    assert helpers.launch(lambda: (dist.is_initialized(), os.environ["RANK"]), 2, backend=None) == [(False, "0"), (False, "1")]


def test_each_rank_uses_one_thread_by_default():
    assert helpers.launch(torch.get_num_threads, 2) == [1, 1]
    assert helpers.launch(torch.get_num_threads, 1, threads_per_rank=2) == [2]


def _wide_sum():
    return float((torch.ones(256, 16384) * 2).sum())


def test_ranks_of_more_than_one_thread_start_after_this_process_used_its_thread_pool():
    """GNU OpenMP is not fork-safe: a rank forked after this process ran an operation over several threads
    hung in its own first such operation (until the launch's timeout) when it had more than one thread."""
    before = torch.get_num_threads()
    torch.set_num_threads(2)
    try:
        _wide_sum()  # this process's OpenMP pool is started
        assert helpers.launch(_wide_sum, 1, threads_per_rank=2, timeout=60) == [2.0 * 256 * 16384]
    finally:
        torch.set_num_threads(before)


def test_rank_device_is_cpu_under_gloo():
    assert helpers.launch(lambda: str(helpers.rank_device()), 2, backend="gloo") == ["cpu", "cpu"]


def test_two_launches_at_once_do_not_collide():
    results, errors = {}, []

    def run(key, world_size):
        try:
            results[key] = helpers.launch(_rank_and_sum, world_size, key)
        except Exception as exc:  # noqa: BLE001
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(k, 2)) for k in (10, 20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert results[10][0][0] == 10 and results[20][1][0] == 21


def test_output_lines_carry_their_rank():
    buf = []

    class Sink:
        def write(self, s):
            buf.append(s)

        def flush(self):
            pass

    stream = _PrefixedStream(Sink(), "[rank 3] ")
    stream.write("a\nb")
    stream.write("c\n")
    stream.flush()
    assert "".join(buf) == "[rank 3] a\n[rank 3] bc\n"


def test_prints_from_ranks_reach_the_parent_with_prefixes():
    code = textwrap.dedent(
        """
        import helpers
        def hello():
            import torch.distributed as dist
            print("hello from", dist.get_rank())
        if __name__ == "__main__":
            helpers.launch(hello, 2)
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "[rank 0] hello from 0" in out.stdout and "[rank 1] hello from 1" in out.stdout


# ----------------------------------------------------------------------------- failures

def _fail_on_rank_one():
    if dist.get_rank() == 1:
        raise ValueError("bad shard size on this rank")
    dist.barrier()  # rank 0 waits for a rank that is gone


def test_rank_exception_names_rank_and_keeps_traceback():
    with pytest.raises(helpers.RankError) as info:
        helpers.launch(_fail_on_rank_one, 2, timeout=30)
    err = info.value
    assert err.rank == 1 and err.exc_type == "ValueError"
    assert "rank 1 of 2 raised ValueError: bad shard size on this rank" in str(err)
    assert "_fail_on_rank_one" in err.remote_traceback
    assert isinstance(err.exception, ValueError)


def test_assertion_in_a_rank_comes_back_as_its_own_exception():
    def check():
        assert dist.get_rank() != 0, "rank 0 disagrees"

    with pytest.raises(helpers.RankError) as info:
        helpers.launch(check, 2)
    assert info.value.exc_type == "AssertionError" and str(info.value.exception).startswith("rank 0 disagrees")


def test_rank_that_dies_without_exception_is_reported():
    def die():
        if dist.get_rank() == 1:
            os._exit(3)
        time.sleep(30)

    start = time.monotonic()
    with pytest.raises(helpers.RankError, match="rank 1 of 2 died with exit code 3"):
        helpers.launch(die, 2, timeout=30)
    assert time.monotonic() - start < 15, "the surviving rank was not stopped promptly"


def test_segfault_in_a_rank_is_reported_as_a_signal():
    def crash():
        os.kill(os.getpid(), signal.SIGSEGV)

    with pytest.raises(helpers.RankError, match="signal SIGSEGV"):
        helpers.launch(crash, 2)


def _collective_on_rank_zero_only():
    if dist.get_rank() == 0:
        dist.all_reduce(torch.ones(1))
    return "done"


def test_timeout_names_the_hung_ranks_and_the_likely_cause():
    start = time.monotonic()
    with pytest.raises(helpers.LaunchTimeout) as info:
        helpers.launch(_collective_on_rank_zero_only, 2, timeout=3)
    assert time.monotonic() - start < 10
    err = info.value
    assert err.running == [0] and err.waiting == [1]
    assert "Rank(s) [0] were still running" in str(err) and "collective" in str(err)
    assert isinstance(err, TimeoutError)


def test_timeout_kills_ranks_stuck_outside_python():
    def sleep_in_c():
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a rank that ignores polite requests
        time.sleep(60)

    with pytest.raises(helpers.LaunchTimeout) as info:
        helpers.launch(sleep_in_c, 2, timeout=2)
    assert info.value.running == [0, 1]


def test_grandchildren_are_killed_too(tmp_path):
    def start_grandchild():
        proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
        with open(os.environ["PIDFILE"] + os.environ["RANK"], "w") as fh:
            fh.write(str(proc.pid))
        time.sleep(60)

    os.environ["PIDFILE"] = str(tmp_path / "pid-")  # not a name in /tmp another user could plant a link under
    try:
        with pytest.raises(helpers.LaunchTimeout):
            helpers.launch(start_grandchild, 2, timeout=3)
        for r in range(2):
            with open(os.environ["PIDFILE"] + str(r)) as fh:
                pid = int(fh.read())
            assert not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    finally:
        for r in range(2):
            if os.path.exists(os.environ["PIDFILE"] + str(r)):
                os.unlink(os.environ["PIDFILE"] + str(r))
        del os.environ["PIDFILE"]


def test_keyboard_interrupt_in_the_parent_kills_every_rank():
    code = textwrap.dedent(
        """
        import os, sys, time, helpers
        def forever():
            print("running", flush=True)
            time.sleep(600)
        if __name__ == "__main__":
            try:
                helpers.launch(forever, 2, timeout=300)
            except KeyboardInterrupt:
                print("interrupted", flush=True)
                sys.exit(0)
        """
    )
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    parent = psutil.Process(proc.pid)
    deadline = time.monotonic() + 60
    while len(parent.children()) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    ranks = parent.children(recursive=True)
    assert len(ranks) >= 2, "the ranks never started"
    # Ctrl-C while both ranks run the function (they say so), not while the launch is still being set up
    running = [proc.stdout.readline() for _ in range(2)]
    assert all("running" in line for line in running), running
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=30)
    assert "interrupted" in out
    gone, alive = psutil.wait_procs(ranks, timeout=5)
    assert not alive, f"ranks survived the interrupt: {alive}"


def test_ranks_die_with_their_parent():
    code = textwrap.dedent(
        """
        import time, helpers
        def forever():
            time.sleep(600)
        if __name__ == "__main__":
            helpers.launch(forever, 2, timeout=300)
        """
    )
    proc = subprocess.Popen([sys.executable, "-c", code])
    parent = psutil.Process(proc.pid)
    deadline = time.monotonic() + 60
    while len(parent.children()) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    ranks = parent.children(recursive=True)
    assert len(ranks) >= 2
    proc.kill()  # the notebook kernel dies: no chance to clean up
    proc.wait()
    gone, alive = psutil.wait_procs(ranks, timeout=5)
    assert not alive, "a rank outlived its parent"


# ----------------------------------------------------------------------------- bad arguments

@pytest.mark.parametrize(
    "args, kwargs, error, message",
    [
        (("not a function", 2), {}, TypeError, "needs a function"),
        ((print, 0), {}, ValueError, "at least 1"),
        ((print, -2), {}, ValueError, "at least 1"),
        ((print, 2.0), {}, TypeError, "must be an int"),
        ((print, 2), {"timeout": 0}, ValueError, "positive number of seconds"),
        ((print, 2), {"timeout": -5}, ValueError, "positive number of seconds"),
        ((print, 2), {"backend": "mpi"}, ValueError, "'auto', 'gloo', 'nccl' or None"),
        ((print, 2), {"start_method": "threads"}, ValueError, "'fork', 'forkserver', 'spawn' or None"),
        ((print, 2), {"untrusted_results": "yes"}, TypeError, "untrusted_results must be True or False"),
        ((print, 2), {"threads_per_rank": 0}, ValueError, "threads_per_rank"),
    ],
)
def test_bad_arguments_are_refused_before_anything_starts(args, kwargs, error, message):
    with pytest.raises(error, match=message):
        helpers.launch(*args, **kwargs)


@pytest.mark.skipif(torch.cuda.device_count() >= 2, reason="this machine has the GPUs")
def test_nccl_without_enough_gpus_is_refused_with_advice():
    with pytest.raises(ValueError, match="one GPU per rank"):
        helpers.launch(print, 2, backend="nccl")


def test_auto_backend_follows_the_device_rule_on_this_machine():
    expected = "cpu:gloo,cuda:nccl" if torch.cuda.device_count() >= 2 else "gloo"
    assert helpers.resolve_backend("auto", 2) == expected


@pytest.mark.skipif(torch.cuda.device_count() < 2, reason="needs two GPUs")
def test_nccl_all_reduce_on_two_gpus():
    def reduce_on_gpu():
        t = torch.ones(4, device=helpers.rank_device()) * (dist.get_rank() + 1)
        dist.all_reduce(t)
        return t.cpu(), str(t.device)

    out = helpers.launch(reduce_on_gpu, 2, backend="nccl")
    assert [d for _, d in out] == ["cuda:0", "cuda:1"]
    assert all(torch.equal(t, torch.full((4,), 3.0)) for t, _ in out)


# ----------------------------------------------------------------------------- from a real notebook

def test_function_defined_in_a_notebook_cell_runs_on_ranks(tmp_path):
    """The way students use it: a function defined in a notebook, launched from the next cell."""
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell("import helpers, torch, torch.distributed as dist"),
        nbformat.v4.new_code_cell(
            "def world_sum():\n"
            "    t = torch.tensor([dist.get_rank() + 1.0])\n"
            "    dist.all_reduce(t)\n"
            "    print('rank', dist.get_rank(), 'has', t.item())\n"
            "    return t.item()"
        ),
        nbformat.v4.new_code_cell("result = helpers.launch(world_sum, 2)\nprint(result)"),
        nbformat.v4.new_code_cell(
            "try:\n"
            "    helpers.launch(lambda: 1 / (dist.get_rank() - 1), 2)\n"
            "except helpers.RankError as e:\n"
            "    print('caught', e.rank, e.exc_type)"
        ),
    ]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    text = "".join(o.get("text", "") for c in nb.cells for o in c.get("outputs", []))
    assert "[3.0, 3.0]" in text
    assert "[rank 0] rank 0 has 3.0" in text and "[rank 1] rank 1 has 3.0" in text
    assert "caught 1 ZeroDivisionError" in text


# ----------------------------------------------------------------------------- memory budget

@pytest.mark.parametrize("size, expected", [(1000, 1000), ("300MiB", 300 * 2**20), ("1.5 GB", 1_500_000_000), ("64kb", 64_000)])
def test_sizes_are_read_in_binary_and_decimal_units(size, expected):
    assert helpers.parse_bytes(size) == expected


@pytest.mark.parametrize("size", ["lots", "-5MB", 0, "12 parsecs", True, 1.5])
def test_bad_memory_budgets_are_refused_before_anything_starts(size):
    with pytest.raises((ValueError, TypeError), match="memory_budget|size"):
        helpers.launch(print, 2, memory_budget=size)


def _allocate_mib(mib):
    x = torch.ones(mib * 2**20 // 4)
    t = torch.ones(1)
    dist.all_reduce(t)
    return x.numel() * 4 // 2**20


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_DATA is Linux's")
def test_memory_budget_lets_a_small_rank_through_and_stops_a_large_one_with_a_real_oom():
    # gloo: CPU ranks even on a machine with GPUs (there the budget would cap GPU memory instead)
    assert helpers.launch(_allocate_mib, 2, 40, memory_budget="100MiB", backend="gloo") == [40, 40]
    with pytest.raises(helpers.RankError) as info:
        helpers.launch(_allocate_mib, 2, 200, memory_budget="100MiB", backend="gloo")
    assert "DefaultCPUAllocator: can't allocate memory" in str(info.value)
    assert "ran out of memory" in str(info.value)
    # the same allocation without a budget fits: the limit, not the machine, stopped it
    assert helpers.launch(_allocate_mib, 2, 200, backend="gloo") == [200, 200]


def test_many_launches_in_a_row_never_hang():
    """Regression: a rank forked while the store's server thread held glibc's resolver lock hung
    (about 1 launch in 50). Ranks now connect only after every fork is done."""
    for i in range(50):
        assert helpers.launch(_rank_and_sum, 4, i, timeout=30)[3][0] == i + 3


def _gradients_seen(model, optimizer, leaf):
    params = list(model.parameters())
    return {"grads": [None if p.grad is None else p.grad.tolist() for p in params] + [leaf.grad.tolist()],
            "same_objects": all(p is q for p, q in zip(params, optimizer.param_groups[0]["params"])),
            "momentum_buffers": len(optimizer.state), "kind": type(params[0]).__name__}


@pytest.mark.parametrize("method", ["fork", "forkserver", "spawn"])
def test_a_models_gradients_arrive_whatever_the_start_method(method):
    """torch pickles a Parameter without its .grad: a model handed to a fork-server or spawned rank arrived
    with every gradient None (the GPU machine's observer, whose calls go through the fork server, saw
    "0 bytes of gradients" in a correct ps1 solution). Ranks must see what a forked rank sees."""
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 2))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    leaf = torch.ones(2, requires_grad=True)
    (model(torch.ones(5, 3)).sum() + (leaf * 3).sum()).backward()
    optimizer.step()
    want = _gradients_seen(model, optimizer, leaf)
    got = helpers.launch(_gradients_seen, 1, model, optimizer, leaf, backend=None, start_method=method, timeout=120)[0]
    assert got == want and got["momentum_buffers"] == 4 and got["same_objects"] and got["kind"] == "Parameter"


def _draw():
    return torch.randint(0, 10**9, (3,)).tolist()


def test_the_warm_up_before_a_budget_leaves_the_ranks_random_state_as_it_was():
    """A fork-server rank runs one tiny training step before its CPU budget is set (what the libraries
    allocate at first use then counts as held, as in a forked rank): it must not change what the rank draws."""
    plain = helpers.launch(_draw, 2, start_method="forkserver", backend=None, timeout=120)
    budgeted = helpers.launch(_draw, 2, start_method="forkserver", backend=None, memory_budget="64MiB", timeout=120)
    assert budgeted == plain


def _rebased(rebase):
    kept = torch.ones(12 * 2**20 // 4)  # 12 MiB of a 20 MiB budget: a warm-up's imports, say
    if rebase:
        helpers.rebase_memory_budget()
    try:
        more = torch.ones(12 * 2**20 // 4)
        return float(kept[0] + more[0])
    except RuntimeError as exc:
        return "can't allocate memory" in str(exc)


def test_a_rank_can_count_its_budget_from_after_its_warm_up():
    """helpers.rebase_memory_budget(): the budget counts from what the rank holds now (lecture 04 calls it after
    its warm-up step, whose cost differs between torch builds); without it the same allocation is refused."""
    # from the fork server: a rank forked from this (busy) process would inherit its heap's free memory, which
    # malloc reuses without the data segment growing, so the refusal would depend on the tests run before
    run = functools.partial(helpers.launch, _rebased, 1, memory_budget="20MiB", backend=None, start_method="forkserver")
    assert run(False)[0] is True
    assert run(True)[0] == 2.0
    helpers.rebase_memory_budget()  # outside a rank with a budget: nothing happens


def _pipe_inodes() -> set:
    """The inodes of the pipes this process holds."""
    import stat

    found = set()
    for name in os.listdir("/proc/self/fd"):
        try:
            st = os.fstat(int(name))
        except OSError:
            continue
        if stat.S_ISFIFO(st.st_mode):
            found.add(st.st_ino)
    return found


def _seed_then_forge(callers_pipes):
    """A rank that reads its seed, then tries to change what the caller will read: it rewrites the
    launcher's copy and writes a forged seed for every rank into every pipe it holds for writing, except
    the pipes its caller held before the launch (the test runner's own channels: data there would break
    them, and they are not the seeds' pipe, which the launch made)."""
    import contextlib
    import fcntl
    import multiprocessing.connection
    import stat

    launcher = sys.modules["helpers.launch"]
    mine = helpers.drawn_seed()
    launcher._DRAWN[:] = [12345]
    ends = {}  # pipe inode: [fds this rank may write, fds it reads] (a pipe with both ends here is its own)
    for name in os.listdir("/proc/self/fd"):
        with contextlib.suppress(OSError):
            fd = int(name)
            st = os.fstat(fd)
            if fd > 2 and stat.S_ISFIFO(st.st_mode) and st.st_ino not in callers_pipes:
                reading = fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_ACCMODE == os.O_RDONLY
                ends.setdefault(st.st_ino, [[], []])[reading].append(fd)
    for writers, readers in ends.values():
        for fd in writers if not readers else ():
            with contextlib.suppress(OSError):
                conn = multiprocessing.connection.Connection(os.dup(fd), readable=False)
                for r in range(dist.get_world_size()):
                    conn.send_bytes(f"{r} 7".encode())
                conn.close()
    return mine


@pytest.mark.parametrize("start_method", ["fork", "forkserver"])
def test_drawn_seeds_reach_the_caller_whatever_the_ranks_do_afterwards(start_method):
    seeds, seen = helpers.launch(_seed_then_forge, 3, _pipe_inodes(), seeds="os", start_method=start_method)
    assert seeds == seen, "the caller must read the seeds the ranks drew, not what a rank wrote later"
    assert len(set(seeds)) == 3 and 12345 not in seeds and 7 not in seeds
    again, _ = helpers.launch(_seed_then_forge, 3, _pipe_inodes(), seeds="os", start_method=start_method)
    assert set(again).isdisjoint(seeds), "seeds='os' must draw afresh at every launch"


def test_fixed_seeds_repeat_and_bad_seeds_are_refused():
    assert helpers.launch(helpers.drawn_seed, 2, seeds=[3, 4], backend=None) == ([3, 4], [3, 4])
    with pytest.raises(ValueError, match="a list of 2 ints"):
        helpers.launch(helpers.drawn_seed, 2, seeds=[3])
    with pytest.raises(RuntimeError, match="drawn_seed"):
        helpers.launch(helpers.drawn_seed, 1, backend=None)


def _raise_the_autograd_fork_error():
    raise RuntimeError(sys.modules["helpers.launch"]._AUTOGRAD_FORK_ERROR)


def test_ranks_that_run_untrusted_code_cannot_switch_the_start_method():
    """The fork guard's message is text any rank can raise: from ranks whose results are untrusted it switches
    nothing (round 11 used it to move a grader's later launches onto a fork server it could then write)."""
    launcher = sys.modules["helpers.launch"]
    assert not launcher._FORK_BROKEN
    with pytest.raises(helpers.RankError):
        helpers.launch(_raise_the_autograd_fork_error, 2, untrusted_results=True, start_method=None)
    assert not launcher._FORK_BROKEN


def test_a_private_fork_server_and_its_ranks_are_not_dumpable(tmp_path):
    """Where the grader's observer starts it, the fork server is not dumpable, and neither are its ranks: no
    other process of the user can open their memory through /proc."""
    script = tmp_path / "private.py"
    script.write_text(textwrap.dedent("""
        import os, sys
        os.environ["DISTCOURSE_PRIVATE_FORK_SERVER"] = sys.argv[1]
        import helpers

        def dumpable():
            import ctypes
            return ctypes.CDLL(None).prctl(3, 0, 0, 0, 0)

        if __name__ == "__main__":
            print("DUMPABLE", helpers.launch(dumpable, 2, start_method="forkserver"))
    """))
    for private, expected in (("1", "[0, 0]"), ("0", "[1, 1]")):
        out = subprocess.run([sys.executable, str(script), private], capture_output=True, text=True, timeout=120,
                             cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        assert f"DUMPABLE {expected}" in out.stdout, out.stdout + out.stderr[-2000:]


# ----------------------------------------------------------------------------- a network of the launch's own

def _private_networks_here() -> bool:
    """Can a process here make a network namespace (as root, or through a user namespace)? Asked in a child."""
    if not sys.platform.startswith("linux"):
        return False
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            private_network._create()
            code = 0
        finally:
            os._exit(code)
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) == 0


needs_namespaces = pytest.mark.skipif(not _private_networks_here(), reason="no network namespaces on this machine")


def _network_view(host_port):
    """A rank's network: its namespace, whether it reaches `host_port` on 127.0.0.1, and gloo's interface."""
    import socket

    try:
        socket.create_connection(("127.0.0.1", host_port), timeout=2).close()
        reached = True
    except OSError:
        reached = False
    return os.readlink("/proc/self/ns/net"), reached, os.environ.get("GLOO_SOCKET_IFNAME")


def _last_logged(log) -> dict:
    import json

    return json.loads(log.read_text().splitlines()[-1])


@needs_namespaces
@pytest.mark.parametrize("start_method", ["fork", "forkserver"])
def test_the_ranks_of_a_launch_share_a_network_of_their_own(start_method, tmp_path, monkeypatch):
    import socket

    monkeypatch.setenv("DISTCOURSE_LAUNCH_LOG", str(tmp_path / "launches.jsonl"))
    with socket.socket() as listener:  # a service on the machine's loopback
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        views = helpers.launch(_network_view, 3, listener.getsockname()[1], start_method=start_method)
    namespaces = {view[0] for view in views}
    assert len(namespaces) == 1 and os.readlink("/proc/self/ns/net") not in namespaces, views
    assert [view[1:] for view in views] == [(False, "lo")] * 3, views
    assert _last_logged(tmp_path / "launches.jsonl")["network"] == "private"


def _serve_until_tried(folder):
    """Rank 0 publishes its store's port and holds the launch open until the test has knocked on it."""
    import pathlib

    folder = pathlib.Path(folder)
    if dist.get_rank() == 0:
        (folder / "port").write_text(os.environ["MASTER_PORT"])
        deadline = time.monotonic() + 30
        while not (folder / "tried").exists() and time.monotonic() < deadline:
            time.sleep(0.01)
    dist.barrier()
    return dist.get_rank()


@needs_namespaces
@pytest.mark.parametrize("setting, outcome", [("", "refused"), ("0", "connected")])
def test_another_account_cannot_reach_a_launchs_store(setting, outcome, tmp_path, monkeypatch):
    """Round 53: any local account connected to the rendezvous store of a TA's launch (`make test`, `make lab`),
    read its keys and joined the launch as a rank. Knocking from outside the ranks' network finds nothing
    there; with the private network turned off (the control) the same knock connects."""
    import socket

    monkeypatch.setenv("DISTCOURSE_PRIVATE_NETWORK", setting)
    found = []

    def knock():
        deadline, port = time.monotonic() + 30, ""
        while not port.isdigit() and time.monotonic() < deadline:  # written, not only made
            time.sleep(0.01)
            with contextlib.suppress(OSError):
                port = (tmp_path / "port").read_text()
        try:
            socket.create_connection(("127.0.0.1", int(port)), timeout=2).close()
            found.append("connected")
        except ConnectionRefusedError:
            found.append("refused")
        finally:
            (tmp_path / "tried").write_text("")

    knocker = threading.Thread(target=knock)
    knocker.start()
    try:
        assert helpers.launch(_serve_until_tried, 2, str(tmp_path)) == [0, 1]
    finally:
        knocker.join()
    assert found == [outcome]


def test_a_bad_network_setting_is_refused_before_anything_starts(monkeypatch):
    monkeypatch.setenv("DISTCOURSE_PRIVATE_NETWORK", "sometimes")
    with pytest.raises(ValueError, match="DISTCOURSE_PRIVATE_NETWORK='sometimes': use 1 .* 0 .* unset"):
        helpers.launch(_rank_and_sum, 2, 0)


_AS_A_USER = """
import json, os, sys
import helpers

def view():
    return os.readlink("/proc/self/ns/net"), os.getuid()

if __name__ == "__main__":
    out, seen = {}, set()
    os.environ["DISTCOURSE_PRIVATE_NETWORK"] = "1"  # a private network or an error
    for method in ("fork", "forkserver", "spawn"):
        views = helpers.launch(view, 2, start_method=method)
        out[method] = [len({v[0] for v in views}), os.readlink("/proc/self/ns/net") in {v[0] for v in views},
                       sorted({v[1] for v in views})]
        seen.update(v[0] for v in views)
    out["one_network"] = len(seen) == 1
    print(json.dumps(out))
"""


@needs_namespaces
@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to run as another user")
def test_an_ordinary_users_launches_get_a_network_of_their_own_too():
    import shutil
    import tempfile

    from tests.grading import unused_uid

    uid = unused_uid()  # not nobody: another account's processes of uid 65534 read and swapped this test's (round 54)
    # /tmp/pytest-of-root is root's alone; the script stays root's
    folder = tempfile.mkdtemp(prefix="distcourse-as-user-", dir="/var/tmp")
    try:
        os.chmod(folder, 0o755)
        with open(os.path.join(folder, "as_user.py"), "w") as fh:
            fh.write(_AS_A_USER)
        os.chmod(os.path.join(folder, "as_user.py"), 0o644)
        home = os.path.join(folder, "home")
        os.mkdir(home, 0o700)
        os.chown(home, uid, uid)
        run = subprocess.run(["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", sys.executable,
                              os.path.join(folder, "as_user.py")], cwd=home, capture_output=True, text=True, timeout=240,
                             # nothing of this process's environment (a TA's secrets) for another user's processes
                             env={"PATH": "/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8",
                                  "PYTHONPATH": os.path.dirname(os.path.dirname(os.path.abspath(__file__)))})
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    assert run.returncode == 0, run.stderr[-3000:]
    out = __import__("json").loads(run.stdout.strip().splitlines()[-1])
    # every start method: one namespace for both ranks, not the caller's (through a user namespace: no root), and
    # spawned ranks too (round 56: they stayed on the host's loopback, where another account poisoned their store),
    # their interpreters started in the namespace, before torch starts a thread
    for method in ("fork", "forkserver", "spawn"):
        assert out[method] == [1, False, [uid]], (method, out)
    assert out["one_network"], out


@needs_namespaces
def test_a_holder_killed_between_launches_is_started_again(tmp_path, monkeypatch):
    monkeypatch.setenv("DISTCOURSE_LAUNCH_LOG", str(tmp_path / "launches.jsonl"))
    first = {view[0] for view in helpers.launch(_network_view, 2, 9)}
    holder = private_network.holder_pid()
    assert holder is not None and len(first) == 1
    os.kill(holder, signal.SIGKILL)
    psutil.Process(holder).wait(5) if psutil.pid_exists(holder) else None
    again = helpers.launch(_network_view, 2, 9)
    assert private_network.holder_pid() not in (None, holder)
    assert len({view[0] for view in again}) == 1 and os.readlink("/proc/self/ns/net") not in {again[0][0]}
    assert _last_logged(tmp_path / "launches.jsonl")["network"] == "private"


@needs_namespaces
@pytest.mark.parametrize("ending", ["returns", "is killed"])
def test_the_holder_of_the_ranks_network_ends_with_its_process(ending):
    code = textwrap.dedent(f"""
        import os, signal, helpers
        from helpers import private_network
        helpers.launch(int, 2, backend=None)
        print(private_network.holder_pid(), flush=True)
        if {ending == "is killed"}:
            os.kill(os.getpid(), signal.SIGKILL)
    """)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    holder = int(run.stdout.split()[0])
    deadline = time.monotonic() + 5
    while psutil.pid_exists(holder) and psutil.Process(holder).status() != psutil.STATUS_ZOMBIE:
        assert time.monotonic() < deadline, f"the holder {holder} outlived the process that started it ({ending})"
        time.sleep(0.05)


@needs_namespaces
@pytest.mark.parametrize("setting, private", [("", True), ("0", False)])
def test_a_command_that_starts_its_own_ranks_runs_on_a_network_of_its_own(setting, private):
    """Round 55: lecture 02's torchrun hosts its own rendezvous store (every interface, no authentication, state that
    travels pickled) and another account ran code as the TA through it. `private_network.command` runs a command in a
    namespace of its own: a listener there is out of this process's reach (the control, turned off, is reachable)."""
    import socket

    code = ("import os, socket, sys\ns = socket.socket(); s.bind(('127.0.0.1', 0)); s.listen()\n"
            "print(os.readlink('/proc/self/ns/net'), s.getsockname()[1], flush=True)\nsys.stdin.read()")
    proc = subprocess.Popen(private_network.command([sys.executable, "-c", code]), stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, env={**os.environ, "DISTCOURSE_PRIVATE_NETWORK": setting})
    try:
        namespace, port = proc.stdout.readline().split()
        try:
            socket.create_connection(("127.0.0.1", int(port)), timeout=2).close()
            reached = True
        except OSError:
            reached = False
    finally:
        proc.communicate("", timeout=30)
    assert (namespace != os.readlink("/proc/self/ns/net")) is private
    assert reached is not private


def test_a_command_that_cannot_start_says_why():
    run = subprocess.run(private_network.command(["/nonexistent/torchrun"]), capture_output=True, text=True, timeout=30)
    assert run.returncode != 0 and "cannot run '/nonexistent/torchrun'" in run.stderr, run.stderr
