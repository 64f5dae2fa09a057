"""The observer (probes.observer, grader.observe): hidden checks run where the student's code cannot
change what is reported. The observer runs in the grading sandbox as `make grade` starts it (bwrap,
without the kernel template), each property tested on its own; tests/test_attacks.py (test_observed_*) attacks
it through `make grade` itself. (Unsandboxed, as root, a child could open the observer's descriptors:
root may; that mode trusts its students, README "UNSANDBOXED=1".)
"""

from __future__ import annotations

import base64
import json
import os

import cloudpickle
import pytest

from grader import sandbox
from grader.observe import Observer, ObserverError
from probes import wire
from grader.course import ROOT

pytestmark = pytest.mark.skipif(sandbox.available() is not None, reason=f"no grading sandbox: {sandbox.available()}")


def _sandboxed() -> Observer:
    spec_argv = [os.sys.executable, "-m", "grader.sandbox", "-f", "{connection_file}"]
    return Observer(spec_argv, {"DISTCOURSE_COURSE_ROOT": ROOT, "DISTCOURSE_SANDBOX_LIMITS": json.dumps({})})


def _handover(*args, **kwargs) -> str:
    return base64.b64encode(cloudpickle.dumps((args, kwargs))).decode()


@pytest.fixture(scope="module")
def observer():
    obs = _sandboxed()
    yield obs
    obs.close()


def _outcome(answer):
    assert "observation" in answer, answer
    return wire.decode(answer["observation"])["outcome"]


def test_a_correct_function_is_observed(observer):
    def add(a, b):
        return a + b

    assert _outcome(observer.ask("selftest.add", _handover(add, 2, 3))) == {"returned": 5}


def test_what_the_students_code_raises_is_observed(observer):
    def add(a, b):
        raise NotImplementedError("not yet")

    raised = _outcome(observer.ask("selftest.add", _handover(add, 2, 3)))["raised"]
    assert raised.isa("NotImplementedError") and raised.message == "not yet"


def test_the_students_code_cannot_change_the_report(observer):
    """Patching the probe, `report` and the observer's own report list in the child changes nothing: the
    report says what the function returned."""
    def add(a, b):
        import probes
        import probes.observer as obs
        import probes.selftest as probe

        probes.report = lambda *args: None
        probe.report = lambda *args: None
        obs._REPORTS.append(("selftest.add", {"a": a, "b": b, "outcome": {"returned": a + b}}))
        obs.reported = lambda *args: None
        return a * b

    assert _outcome(observer.ask("selftest.add", _handover(add, 2, 3))) == {"returned": 6}


def test_a_forged_frame_written_to_every_descriptor_reaches_nobody(observer):
    """A correct report, framed as the observer frames its own, written into every descriptor the child
    has and every descriptor of the observer it can open: the grader reads the observer's report only."""
    def add(a, b):
        import glob
        import json
        import struct

        body = json.dumps({"check": "selftest.add", "observation": wire.encode(
            {"a": a, "b": b, "outcome": {"returned": a + b}})}).encode()
        frame = struct.pack(">Q", len(body)) + body
        for fd in range(1024):
            try:
                os.write(fd, frame)
            except OSError:
                pass
        for path in glob.glob(f"/proc/{os.getppid()}/fd/*"):
            try:
                os.write(os.open(path, os.O_WRONLY | os.O_NONBLOCK), frame)
            except OSError:
                pass
        raise NotImplementedError

    answer = observer.ask("selftest.add", _handover(add, 2, 3))
    # its own result pipe is the student's: garbage there spoils its own result, nothing more
    assert "failed" in answer or _outcome(answer)["raised"].isa("NotImplementedError"), answer

    def square(x):
        return x * x

    # the channel is in step: the next answer is the next check's
    assert _outcome(observer.ask("selftest.square", _handover(square, 4))) == {"returned": 16}


def test_the_observers_memory_is_closed_to_its_children(observer):
    def add(a, b):
        with open(f"/proc/{os.getppid()}/mem", "rb") as fh:
            fh.read(1)
        return "read it"

    raised = _outcome(observer.ask("selftest.add", _handover(add, 2, 3)))
    assert "raised" in raised and raised["raised"].isa("OSError"), raised


def test_killing_the_observer_costs_that_check_and_the_next_gets_a_new_one():
    obs = _sandboxed()
    try:
        def add(a, b):
            import signal

            os.kill(os.getppid(), signal.SIGKILL)

        with pytest.raises(ObserverError, match="died"):
            obs.ask("selftest.add", _handover(add, 2, 3))

        def good(a, b):
            return a + b

        assert _outcome(obs.ask("selftest.add", _handover(good, 2, 3))) == {"returned": 5}
    finally:
        obs.close()


def test_a_process_left_behind_is_killed_before_the_next_check(observer):
    """A daemon (double fork, its own session) that would write a file a moment later is gone by then."""
    def add(a, b):
        import time

        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                time.sleep(1.0)
                with open("/tmp/left-behind", "w") as fh:
                    fh.write("alive")
                os._exit(0)
            os._exit(0)
        return a + b

    def square(x):
        import time

        time.sleep(2.0)
        return os.path.exists("/tmp/left-behind")

    assert _outcome(observer.ask("selftest.add", _handover(add, 2, 3))) == {"returned": 5}
    assert _outcome(observer.ask("selftest.square", _handover(square, 4))) == {"returned": False}


HOPPER = """
import os, time
open("/tmp/hopper-started", "w").write("x")
began = time.time()
hops = 0
while hops < 200 and time.time() - began < 1.0:  # a new id as fast as it can fork, through the sweep
    try:
        if os.fork():
            os._exit(0)
    except OSError:
        time.sleep(0.001)  # the process cap, until the exited ones are reaped
    hops += 1
while time.time() - began < 20:  # then still, with a heartbeat
    open("/tmp/hopper.tmp", "w").write(str(time.time()))
    os.replace("/tmp/hopper.tmp", "/tmp/hopper")
    time.sleep(0.05)
"""


def test_a_process_that_keeps_forking_is_killed_before_the_next_call(observer):
    """Round 12: a small process in its own session that forks and exits in a loop has a new id each time, so
    a kill sent to the id listed a moment before missed it, and it lived on into the check's next call."""
    def fn(call):
        import subprocess
        import sys
        import time

        if call == 0:
            subprocess.Popen([sys.executable, "-S", "-c", HOPPER], start_new_session=True, stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            while not os.path.exists("/tmp/hopper-started"):
                time.sleep(0.002)
            time.sleep(0.01)
            return None
        time.sleep(0.3)
        try:
            return time.time() - float(open("/tmp/hopper").read()) < 0.5  # a fresh heartbeat: it lives
        except (OSError, ValueError):
            return False

    assert _outcome(observer.ask("selftest.call_twice", _handover(fn))) == [{"returned": None}, {"returned": False}]


def test_a_check_that_is_not_a_probe_is_refused(observer):
    answer = observer.ask("selftest.report", _handover("x", 1))
    assert "no hidden check" in answer["failed"]


def test_a_handover_that_does_not_unpickle_fails_the_check_in_words(observer):
    answer = observer.ask("selftest.add", base64.b64encode(b"not a pickle").decode())
    assert "could not take" in answer["failed"]


def _split(*args, **kwargs) -> str:
    """A hand-over as the kernel's probes write it (probes.split_handover)."""
    import probes

    return base64.b64encode(probes.split_handover(args, kwargs)).decode()


def test_the_kernels_handover_is_observed_with_its_data_as_data(observer):
    def add(a, b):
        return a + b

    assert _outcome(observer.ask("selftest.add", _split(add, 2, 3))) == {"returned": 5}
    assert _outcome(observer.ask("selftest.add", _split(add, [1], [2, "x"]))) == {"returned": [1, 2, "x"]}
    assert _outcome(observer.ask("selftest.add", _split(add, (1,), (2,)))) == {"returned": (1, 2)}
    assert _outcome(observer.ask("selftest.add", _split(fn=add, a=2.5, b=0.5))) == {"returned": 3.0}


def test_a_handover_line_that_lies_gets_nothing(observer):
    """The line naming the arguments is the kernel's word: a function called data, an object past the
    pickle's, a pickle missing, a line that is not JSON or nested past any limit: the check fails (or
    observes a raise), and never observes what the honest function returns."""
    import probes

    def add(a, b):
        return a + b

    line, _, objects = probes.split_handover((add, 2, 3), {}).partition(b"\n")
    head = json.loads(line)
    assert head["args"][0] == {"object": 0, "type": "function"} and head["args"][1:] == [{"data": 2}, {"data": 3}]

    def with_first(item) -> bytes:
        return json.dumps({"args": [item, *head["args"][1:]], "kwargs": {}}).encode()

    lies = {
        "the function called data": with_first({"data": 5}) + b"\n" + objects,
        "an object past the pickle's": with_first({"object": 7, "type": "function"}) + b"\n" + objects,
        "an index that is not a number": with_first({"object": "0", "type": "function"}) + b"\n" + objects,
        "no pickle after the line": line + b"\n",
        "a pickle that does not load": line + b"\n" + b"\x80\x05not a pickle",
        "a line that is not JSON": b"{args\n" + objects,
        "a line nested past every limit": b'{"args": ' + b"[" * 200_000 + b"\n" + objects,
        "an argument of another shape": with_first({"object": 0, "type": "function", "extra": 1}) + b"\n" + objects,
    }
    for what, payload in lies.items():
        answer = observer.ask("selftest.add", base64.b64encode(payload).decode())
        if "failed" in answer:
            continue
        assert _outcome(answer) != {"returned": 5} and "raised" in _outcome(answer), (what, answer)
    # the honest hand-over beside them is still observed
    assert _outcome(observer.ask("selftest.add", base64.b64encode(line + b"\n" + objects).decode())) == {"returned": 5}


def test_the_calls_of_one_check_share_a_child_and_the_next_check_gets_a_new_one(observer):
    """probes.outcomes: a check's calls run one after another in one child (what one call leaves, the next
    sees, as in the student's notebook); the next check starts from the observer again."""
    def counted(global_batch, world_size):
        import builtins

        builtins.calls = getattr(builtins, "calls", 0) + 1
        return builtins.calls

    answer = observer.ask("ps3_batch.per_rank_batch_values", _split(counted))
    assert "observation" in answer, answer
    counts = wire.decode(answer["observation"])
    assert len(counts) > 2 and counts == list(range(1, len(counts) + 1))
    again = observer.ask("ps3_batch.per_rank_batch_values", _split(counted))
    assert wire.decode(again["observation"])[0] == 1


def test_arguments_come_back_changed_as_the_students_code_left_them(observer):
    """training_memory's "changed" flag: the probe sees the parameters the student's call changed."""
    def training_memory(model, optimizer):
        import torch

        with torch.no_grad():
            for p in model.parameters():
                p.add_(1.0)
        return {"weights": 0, "gradients": 0, "optimizer": 0, "total": 0}

    answer = observer.ask("ps1_memory.training_memory", _handover(training_memory))
    results = wire.decode(answer["observation"])
    assert all(r["changed"] for r in results)


def test_a_call_after_the_observer_split_an_operation_over_threads_does_not_hang(observer):
    """GNU OpenMP is not fork-safe: a child forked after its parent ran an operation on OpenMP's thread pool
    hangs in its own first parallel operation. The observer runs one thread, so its children never inherit
    a pool (with two, every largest_batch call on a wide model hung until its time limit)."""
    def wide_sum(x):
        return float((x * 2).sum())

    answer = observer.ask("selftest.wide_sum", _handover(wide_sum))
    assert _outcome(answer) == {"returned": 2.0 * 256 * 16384}, answer


def test_calls_are_forked_from_the_observer_until_fork_is_unsafe():
    """On a CPU machine every call is a fork of the observer (milliseconds); through helpers.launch's fork
    server only after autograd's device threads started (simulated here, as on a GPU machine after a backward).
    A check that always said "unsafe" made every call a launch, and every observer start a fork server."""
    import ctypes
    import threading

    from probes import observer

    assert observer._fork_is_safe() is True
    ready, stop = threading.Event(), threading.Event()

    def named():
        ctypes.CDLL(None).prctl(15, b"pt_autograd_0", 0, 0, 0)
        ready.set()
        stop.wait()
        ctypes.CDLL(None).prctl(15, b"done", 0, 0, 0)  # its /proc entry may outlive join() for a moment

    thread = threading.Thread(target=named, daemon=True)
    thread.start()
    ready.wait()
    try:
        assert observer._fork_is_safe() is False
    finally:
        stop.set()
        thread.join()
    assert observer._fork_is_safe() is True


def test_where_fork_is_unsafe_calls_run_in_children_of_the_fork_server(monkeypatch):
    """After a backward on a GPU machine (autograd's device threads) or CUDA use, a forked child could not
    run autograd: the observer's calls then go through helpers.launch's fork server, with the same results
    (what the call returned, raised, and did to its arguments)."""
    import torch

    from probes import observer

    monkeypatch.setattr(observer, "ACTIVE", True)
    monkeypatch.setattr(observer, "_PID", os.getpid())
    monkeypatch.setattr(observer, "_fork_is_safe", lambda: False)
    # The real observer kills every process of its own after a call; this test's process has others
    # (the module's sandboxed observer) that it must keep.
    monkeypatch.setattr(observer, "_sweep", lambda pid=None: None)
    launched = []
    real_launched = observer._in_launched_child
    monkeypatch.setattr(observer, "_in_launched_child", lambda *a: launched.append(1) or real_launched(*a))
    payload = cloudpickle.dumps(((lambda model: [p.data.add_(1.0) for p in model.parameters()] and 7,
                                  lambda: 1 / 0), {}))
    scale, boom = observer.Student(payload, ("args", 0)), observer.Student(payload, ("args", 1))
    model = torch.nn.Linear(2, 2)
    before = model.weight.detach().clone()
    assert scale(model) == 7
    assert torch.equal(model.weight.detach(), before + 1)
    with pytest.raises(observer.StudentRaised) as raised:
        boom()
    assert raised.value.wire_names[0] == "ZeroDivisionError"
    assert len(launched) == 2


def test_an_observer_forked_from_the_kernel_template_answers_call_after_call_through_the_fork_server(monkeypatch):
    """As grading runs it on a GPU machine (forced here): the observer comes from the warm template and every
    call is a launch through its fork server. After each call it kills what the call left; it once killed
    multiprocessing's resource tracker too, and the next launch's write to the tracker's pipe killed the
    observer by SIGPIPE (the template gave its children SIGPIPE's default action, which no fresh interpreter
    has): every hidden check of every submission failed with "the process ... died" on the GPU machine."""
    monkeypatch.setenv("DISTCOURSE_START_METHOD", "forkserver")
    template = sandbox.Template()
    spec_argv = [os.sys.executable, "-m", "grader.sandbox", "-f", "{connection_file}"]
    obs = Observer(spec_argv, {"DISTCOURSE_COURSE_ROOT": ROOT, "DISTCOURSE_SANDBOX_LIMITS": json.dumps({}),
                               "DISTCOURSE_ZYGOTE": template.path})

    def add(a, b):
        return a + b

    def noisy_rank():
        import ctypes

        for _ in range(3):
            print("a rank prints a line", flush=True)
        # not dumpable, and (round 29) in a session of its own, not its fork server's, which is the observer's
        own_session = os.getsid(0) == os.getpid() != os.getsid(os.getppid())
        return [ctypes.CDLL(None).prctl(3, 0, 0, 0, 0), own_session]  # PR_GET_DUMPABLE

    try:
        answers = [_outcome(obs.ask("selftest.add", _handover(add, n, 1))) for n in range(3)]
        ranks = obs.ask("selftest.world_sum", _handover(noisy_rank, 2))
    finally:
        obs.close()
        template.close()
    assert answers == [{"returned": 1}, {"returned": 2}, {"returned": 3}]
    # Round 13: the template started the observer's fork server before the observer took its channel off stdout,
    # and before it asked for a private server: every rank's print went into the report stream (an honest ps2
    # lost 5 points), and the server and its ranks could be opened by any process of the sandbox's user.
    assert "observation" in ranks, ranks
    assert wire.decode(ranks["observation"])["results"] == [[0, True], [0, True]], "not dumpable, own session"


def test_nothing_the_students_code_can_write_is_on_the_observers_import_path(observer):
    """Its children can write its folder and /tmp: neither may be where the observer imports from (a module
    planted there would run in the observer at its next import)."""
    def add(a, b):
        import sys

        return [p for p in sys.path if p in ("", ".") or os.access(p or ".", os.W_OK)]

    assert _outcome(observer.ask("selftest.add", _handover(add, 2, 3))) == {"returned": []}


def test_the_observer_shares_its_kernels_cgroups(tmp_path):
    """One submission, one budget: the observer's sandbox joins the cgroups its kernel's launcher made
    (memory, processes, CPU), rather than a second set of its own (which doubled what a submission may hold)."""
    import subprocess
    import sys
    import time

    if os.geteuid() != 0:
        pytest.skip("cgroups are made by a root grader only")
    log = tmp_path / "cgroups"
    env = {**os.environ, "DISTCOURSE_COURSE_ROOT": ROOT, "DISTCOURSE_CGROUP_LOG": str(log)}
    kernel = subprocess.Popen([sys.executable, "-m", "grader.sandbox", "--run", "--", "/bin/sleep", "60"],
                              cwd=tmp_path, env=env)
    obs = None
    try:
        deadline = time.time() + 30
        while not (log.exists() and log.read_text().strip()) and time.time() < deadline:
            time.sleep(0.1)
        groups = log.read_text().split()
        if not groups:
            pytest.skip("no cgroup could be made here")
        os.environ["DISTCOURSE_CGROUP_LOG"] = str(log)
        obs = _sandboxed()

        def add(a, b):
            return a + b

        assert _outcome(obs.ask("selftest.add", _handover(add, 2, 3))) == {"returned": 5}
        with open(f"/proc/{obs.proc.pid}/cgroup") as fh:
            mine = fh.read()
        assert all(os.path.basename(group) in mine for group in groups), (groups, mine)
        assert log.read_text().split() == groups  # it made none of its own
    finally:
        os.environ.pop("DISTCOURSE_CGROUP_LOG", None)
        if obs is not None:
            obs.close()
        kernel.kill()
        kernel.wait()


def test_a_report_larger_than_what_is_left_of_the_cells_budget_fails_its_check(observer):
    """The grader holds a cell's reports until it judges the cell: their bytes together are capped."""
    def add(a, b):
        return "x" * 2_000_000

    with pytest.raises(ObserverError, match="larger than"):
        observer.ask("selftest.add", _handover(add, 2, 3), limit=1_000_000)
    assert _outcome(observer.ask("selftest.add", _handover(lambda a, b: a + b, 2, 3))) == {"returned": 5}


def test_a_report_of_many_small_lists_fails_its_check_before_it_is_loaded(observer):
    """Round 4 of attacks: `[[]] * 5_000_000` pickles small and reports as 15 MB of "[]," that become
    over 1 GB in the grader once loaded; the lists and items of a report are capped before loading."""
    def add(a, b):
        return [[]] * 300_000

    with pytest.raises(ObserverError, match="lists or"):
        observer.ask("selftest.add", _handover(add, 2, 3))
    assert _outcome(observer.ask("selftest.add", _handover(lambda a, b: a + b, 2, 3))) == {"returned": 5}


def test_a_descriptor_the_students_code_opens_survives_its_own_forks(observer):
    """The check's child closes the observer's channel as it starts; the descriptor numbers that frees are the
    student's to reuse, and a process the student's code forks later keeps what it opened (round 27 saw a pipe
    closed in such a fork)."""
    def add(a, b):
        import os

        r, w = os.pipe()  # the lowest free numbers: those of the closed channel
        pid = os.fork()
        if pid == 0:
            try:
                os.write(w, b"from the fork")
            finally:
                os._exit(0)
        os.waitpid(pid, 0)
        os.close(w)
        return os.read(r, 100).decode()

    assert _outcome(observer.ask("selftest.add", _handover(add, 2, 3))) == {"returned": "from the fork"}


def test_a_check_runs_in_a_session_of_its_own(observer):
    """Round 28: a check's child wrote 19 into /proc/self/autogroup, the nice value of its whole session, which was
    the observer's (Linux schedules by session where no CPU cgroup applies, as for an ordinary user). The child
    now starts a session of its own: the write reaches its own processes only."""
    def add(a, b):
        import os

        try:
            with open("/proc/self/autogroup", "w") as fh:
                fh.write("19")
        except OSError:
            pass  # no autogroups on this machine: the session is still checked
        return os.getsid(0) == os.getpid() and os.getsid(0) != os.getsid(os.getppid())

    assert _outcome(observer.ask("selftest.add", _handover(add, 2, 3))) == {"returned": True}


def test_a_rank_of_a_check_runs_in_a_session_of_its_own(observer):
    """Round 29: a rank of a hidden check, forked by the observer, wrote 19 into /proc/self/autogroup, and the
    observer's whole session ran at that nice value (a 15-s check timed out beside the kernel's spinners). Every
    process the observer forks starts a session of its own (the fork server's ranks too: the template test above)."""
    def rank():
        import os

        return os.getsid(0) == os.getpid() != os.getsid(os.getppid())

    answer = observer.ask("selftest.world_sum", _handover(rank, 2))
    assert "observation" in answer, answer
    assert wire.decode(answer["observation"])["results"] == [True, True]


@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="needs two CPUs to pin the observer to one")
def test_a_check_that_pins_the_observer_to_one_cpu_pins_only_its_own_call(observer):
    """Round 30: a check's child pinned its parent, the observer, to one CPU (sched_setaffinity, open to any
    process of the sandbox's user); every later check of the notebook, and every rank the observer forks, ran on
    that CPU. The observer gives itself, and what its sweep keeps, its CPUs back after each call."""
    def pin(a, b):
        import os

        for tid in os.listdir(f"/proc/{os.getppid()}/task"):
            os.sched_setaffinity(int(tid), {min(os.sched_getaffinity(0))})
        return sorted(os.sched_getaffinity(os.getppid()))

    def cpus(a, b):
        import os

        return sorted(os.sched_getaffinity(0))  # a child starts with the observer's CPUs

    pinned = _outcome(observer.ask("selftest.add", _handover(pin, 2, 3)))
    assert len(pinned["returned"]) == 1, pinned  # the pin took hold, for that call
    later = _outcome(observer.ask("selftest.add", _handover(cpus, 2, 3)))
    assert len(later["returned"]) >= 2, later


def test_an_interpreter_the_observer_starts_reads_neither_its_folder_nor_a_user_site(observer):
    """A fork server killed by a check is started again, a new interpreter, after student code could write the
    observer's folder and HOME (/tmp): it puts neither the folder nor a user site folder on its path."""
    def flags(a, b):
        import os
        import subprocess
        import sys

        site = subprocess.run([sys.executable, "-c", "import site, sys; print(site.ENABLE_USER_SITE, sys.flags.safe_path)"],
                              capture_output=True, text=True, timeout=60)
        return [os.environ.get("PYTHONNOUSERSITE"), os.environ.get("PYTHONSAFEPATH"), site.stdout.split()]

    assert _outcome(observer.ask("selftest.add", _handover(flags, 2, 3))) == {"returned": ["1", "1", ["False", "True"]]}
