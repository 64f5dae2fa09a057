"""Measure the course's targets and print a table for the README.

The targets: launch overhead against torch's spawn, grading speed against a bare run of the same
notebooks, lecture and solution run times.

    python -m tools.bench              # everything
    python -m tools.bench launch       # one section: launch | launch-server | autograde | notebooks | course | class | fork

Numbers are wall-clock seconds on the machine that runs this; the README says which machine.
"""

from __future__ import annotations

import datetime
import glob
import os
import platform
import socket
import statistics
import sys
import tempfile
import time

import nbformat
import torch
import torch.distributed as dist
import torch.multiprocessing as mp

import helpers
from helpers import private_network
from grader.course import ROOT, assignments, copy_course, nbgrader, notebook_name
from tools.submissions import fill, source_and_release

REPEATS = 5


def _all_reduce_once():
    t = torch.ones(1)
    dist.all_reduce(t)
    return t.item()


def _spawn_target(rank, world_size, port):
    # What `torch.multiprocessing.spawn` users write: each rank sets up and tears down its group.
    torch.set_num_threads(1)
    dist.init_process_group("gloo", init_method=f"tcp://127.0.0.1:{port}", rank=rank, world_size=world_size,
                            timeout=datetime.timedelta(seconds=60))
    _all_reduce_once()
    dist.destroy_process_group()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _notebook_function():
    """The all_reduce as a notebook cell defines it: cloudpickle sends it by value, as for a student's function."""
    def all_reduce_once():
        import torch
        import torch.distributed as dist

        t = torch.ones(1)
        dist.all_reduce(t)
        return t.item()

    return all_reduce_once


_FIRST_LAUNCH = """
import time, torch, helpers
from tools.bench import _notebook_function
fn = _notebook_function()
start = time.perf_counter()
helpers.launch(fn, 4, backend="gloo", start_method="forkserver")
print(time.perf_counter() - start)
"""


#: As in a Jupyter kernel where launches go through the server: `import helpers` starts it, the notebook goes
#: on for DELAY seconds (its first cells), then launches for the first time.
_FIRST_LAUNCH_EARLY = """
import sys, time
t0 = time.perf_counter()
import torch, helpers
helpers.start_fork_server_early()
from tools.bench import _notebook_function
fn = _notebook_function()
time.sleep(max(0.0, float(sys.argv[1]) - (time.perf_counter() - t0)))
start = time.perf_counter()
helpers.launch(fn, 4, backend="gloo")
print(time.perf_counter() - start)
"""


def _simulated_autograd_threads():
    """A thread named as torch names autograd's device threads on a GPU machine (a CPU build starts none)."""
    import ctypes
    import threading

    ready, stop = threading.Event(), threading.Event()

    def named():
        ctypes.CDLL(None).prctl(15, b"pt_autograd_0", 0, 0, 0)  # PR_SET_NAME, as c10::setThreadName does
        ready.set()
        stop.wait()

    thread = threading.Thread(target=named, daemon=True)
    thread.start()
    ready.wait()
    return stop, thread


def bench_launch_server() -> list[tuple[str, str]]:
    """Launches through the fork server: after a backward with autograd's device threads (simulated), and on macOS."""
    import subprocess

    from helpers import launch as _  # noqa: F401
    launch_module = sys.modules["helpers.launch"]

    rows = []
    fn = _notebook_function()
    firsts = []
    for _ in range(3):  # a fresh process each time: the server's start (torch imported in it) included
        out = subprocess.run([sys.executable, "-c", _FIRST_LAUNCH], capture_output=True, text=True, check=True,
                             cwd=ROOT, timeout=300)
        firsts.append(float(out.stdout.split()[-1]))
    rows.append(("first launch of a process through the fork server, 4 ranks + one all_reduce (server start "
                 f"included; target <= 2 s): median of 3 / slowest", f"{statistics.median(firsts):.2f} s / {max(firsts):.2f} s"))
    env = {**os.environ, "DISTCOURSE_START_METHOD": "forkserver"}  # what macOS (or a GPU machine after a backward) gets
    for delay in (0, 3, 6):
        early = []
        for _ in range(3):
            out = subprocess.run([sys.executable, "-c", _FIRST_LAUNCH_EARLY, str(delay)], capture_output=True,
                                 text=True, check=True, cwd=ROOT, timeout=300, env=env)
            early.append(float(out.stdout.split()[-1]))
        rows.append((f"first launch in a kernel whose server started at `import helpers`, {delay} s after the import "
                     f"(4 ranks + one all_reduce; target <= 2 s): median of 3 / slowest",
                     f"{statistics.median(early):.2f} s / {max(early):.2f} s"))
    torch.ones(2, requires_grad=True).sum().backward()
    helpers.launch(fn, 2, backend="gloo", start_method="forkserver")  # the server is running from here on
    for world_size in (2, 4):
        fork_times, server_times, mac_times = [], [], []
        for _ in range(REPEATS * 2):  # interleaved, so all three see the same machine load
            start = time.perf_counter()
            helpers.launch(fn, world_size, backend="gloo", start_method="fork")
            fork_times.append(time.perf_counter() - start)
            stop, thread = _simulated_autograd_threads()
            try:
                assert launch_module._choose_start_method(None) == "forkserver"
                start = time.perf_counter()
                helpers.launch(fn, world_size, backend="gloo")
                server_times.append(time.perf_counter() - start)
            finally:
                stop.set()
                thread.join()
            start = time.perf_counter()
            helpers.launch(fn, world_size, backend="gloo", start_method="forkserver")  # macOS's default
            mac_times.append(time.perf_counter() - start)
        f, sv, m = (statistics.median(t) for t in (fork_times, server_times, mac_times))
        rows.append((f"warm launch of {world_size} gloo ranks + one all_reduce after a backward (device threads "
                     f"simulated): fork server / fork of the caller (what it replaces where unsafe): median of {REPEATS * 2}",
                     f"{sv * 1000:.0f} ms / {f * 1000:.0f} ms: **{sv / f:.2f}x** (target <= 2x)"))
        rows.append((f"the same with start_method='forkserver' (macOS's default), {world_size} ranks",
                     f"{m * 1000:.0f} ms (slowest {max(mac_times) * 1000:.0f} ms)"))
    return rows


def bench_launch() -> list[tuple[str, str]]:
    rows = bench_launch_server()
    fn = _notebook_function()
    baseline_network = private_network.network_for(private_network.mode(), "spawn")
    # c10d's store warns once a client whose name it cannot look up (the namespace has no DNS server) in every rank
    os.environ.setdefault("TORCH_CPP_LOG_LEVEL", "ERROR")
    for world_size in (2, 4):
        launch_times, spawn_times, server_times = [], [], []
        for _ in range(REPEATS):  # interleaved, so all see the same machine load
            start = time.perf_counter()
            helpers.launch(_all_reduce_once, world_size, backend="gloo")
            launch_times.append(time.perf_counter() - start)
            start = time.perf_counter()
            helpers.launch(fn, world_size, backend="gloo", start_method="forkserver")
            server_times.append(time.perf_counter() - start)
            start = time.perf_counter()
            with private_network.spawned_in(baseline_network):  # its store, on every interface, reachable by none
                mp.spawn(_spawn_target, args=(world_size, _free_port()), nprocs=world_size, join=True)
            spawn_times.append(time.perf_counter() - start)
        spawned = []
        for _ in range(3):  # the start method macOS always uses (and the suite forces on every notebook)
            start = time.perf_counter()
            helpers.launch(_all_reduce_once, world_size, backend="gloo", start_method="spawn", timeout=120)
            spawned.append(time.perf_counter() - start)
        lt, st = statistics.median(launch_times), statistics.median(spawn_times)
        rows.append((f"start {world_size} gloo ranks + one all_reduce: helpers.launch", f"{lt * 1000:.0f} ms"))
        rows.append((f"start {world_size} gloo ranks + one all_reduce: helpers.launch(start_method='spawn')",
                     f"{statistics.median(spawned) * 1000:.0f} ms"))
        rows.append((f"start {world_size} gloo ranks + one all_reduce: torch.multiprocessing.spawn", f"{st * 1000:.0f} ms"))
        rows.append((f"speed-up of helpers.launch over spawn, {world_size} ranks (target >= 20x)", f"{st / lt:.0f}x"))
        sv = statistics.median(server_times)
        rows.append((f"speed-up of a warm fork-server launch ({sv * 1000:.0f} ms) over torch.multiprocessing.spawn, "
                     f"{world_size} ranks (target >= 20x)", f"{st / sv:.0f}x"))
    rows.append(bench_private_network())
    times = []
    for _ in range(100):
        start = time.perf_counter()
        helpers.launch(_all_reduce_once, 4, backend="gloo")
        times.append(time.perf_counter() - start)
    times.sort()
    rows.append(("100 launches of 4 ranks in a row: median / slowest",
                 f"{times[49] * 1000:.0f} ms / {times[-1] * 1000:.0f} ms"))
    return rows


def bench_private_network(repeats: int = 20) -> tuple[str, str]:
    """What the ranks' private network namespace costs: 4 ranks + one all_reduce with it and without, interleaved."""

    saved = os.environ.get(private_network.MODE_ENV)
    times: dict[str, list[float]] = {"": [], "0": []}
    try:
        for _ in range(repeats):
            for setting, into in times.items():
                os.environ[private_network.MODE_ENV] = setting
                start = time.perf_counter()
                helpers.launch(_all_reduce_once, 4, backend="gloo")
                into.append(time.perf_counter() - start)
    finally:
        os.environ.pop(private_network.MODE_ENV, None) if saved is None else os.environ.update(
            {private_network.MODE_ENV: saved})
    own, shared = (statistics.median(times[k]) * 1000 for k in ("", "0"))
    return (f"4 gloo ranks + one all_reduce on the ranks' private network / on the machine's ({repeats} each, "
            "interleaved, medians)", f"{own:.0f} ms / {shared:.0f} ms")


def autograde_seconds(name: str) -> float:
    """Seconds `nbgrader autograde` takes on our solution of one assignment (one student)."""
    with tempfile.TemporaryDirectory(prefix="bench-") as tmp:
        copy_course(tmp, [name])
        nbgrader("generate_assignment", name, "--force", cwd=tmp)
        source_nb, release_nb = source_and_release(name)
        folder = os.path.join(tmp, "submitted", "bench", name)
        os.makedirs(folder)
        nbformat.write(fill(release_nb, source_nb), os.path.join(folder, notebook_name(name)))
        start = time.perf_counter()
        nbgrader("autograde", name, "--ResilientExecute.unsandboxed=True", cwd=tmp)  # our own solution
        return time.perf_counter() - start


def bench_autograde() -> list[tuple[str, str]]:
    rows, total = [], 0.0
    for name in assignments():
        seconds = autograde_seconds(name)
        total += seconds
        rows.append((f"autograde the {name} solution (nbgrader autograde, one student)", f"{seconds:.1f} s"))
    rows.append(("autograde one student's whole course (target < 60 s)", f"{total:.1f} s"))
    return rows


def bench_notebooks() -> list[tuple[str, str]]:
    from nbclient import NotebookClient

    from grader import private_kernels

    private_kernels.install()  # the solutions' kernels on sockets of the TA's alone, not on localhost TCP

    rows = []
    for path in sorted(glob.glob(os.path.join(ROOT, "notebooks", "*.ipynb"))):
        nb = nbformat.read(path, as_version=4)
        start = time.perf_counter()
        NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": os.path.dirname(path)}}).execute()
        rows.append((f"run {os.path.relpath(path, ROOT)} top to bottom (target < 120 s)", f"{time.perf_counter() - start:.1f} s"))
        # Cells tagged "bench" print measurements of their own (the large-model experiment's table)
        for cell in nb.cells:
            if "bench" in cell.metadata.get("tags", []):
                text = "".join(o.get("text", "") for o in cell.outputs if o.get("output_type") == "stream")
                REPORTS.append(f"{os.path.relpath(path, ROOT)} measured:\n{text.rstrip()}")
    return rows


REPORTS: list[str] = []


def synthetic_class(root: str, size: int) -> None:
    """Hand in `size` submissions spread over every assignment: correct, wrong (corpus) and untouched."""
    from tools.submissions import corpus

    kinds = []
    for name in assignments():
        source_nb, release_nb = source_and_release(name)
        kinds.append((name, "correct", fill(release_nb, source_nb)))
        kinds += [(name, f"wrong-{s.name}", fill(release_nb, source_nb, s.cells)) for s in corpus(name) if s.loses]
        kinds.append((name, "untouched", release_nb))
    # round-robin over assignments so every part is represented
    by_part = {}
    for name, label, nb in kinds:
        by_part.setdefault(name, []).append((label, nb))
    picked = []
    while len(picked) < size:
        for name, items in by_part.items():
            label, nb = items[len(picked) // len(by_part) % len(items)]
            picked.append((name, f"s{len(picked):03d}-{label}"[:60], nb))
            if len(picked) == size:
                break
    for name, student, nb in picked:
        folder = os.path.join(root, "submitted", student, name)
        os.makedirs(folder)
        nbformat.write(nb, os.path.join(folder, notebook_name(name)))


def bench_class(size: int = 40) -> list[tuple[str, str]]:
    from grader import grade

    rows, times = [], {}
    with tempfile.TemporaryDirectory(prefix="bench-class-") as tmp:
        synthetic_class(tmp, size)
        # the same-run yardstick: the class's notebooks run bare, one after the other
        bare = bare_run_seconds(sorted(glob.glob(os.path.join(tmp, "submitted", "*", "*", "*.ipynb"))))
    for workers in (1, 2):
        with tempfile.TemporaryDirectory(prefix="bench-class-") as tmp:
            copy_course(tmp)
            grade.ensure_in_gradebook(assignments(), tmp)
            synthetic_class(tmp, size)
            start = time.perf_counter()
            outcomes = grade.grade(None, tmp, workers=workers, feedback=False)
            times[workers] = time.perf_counter() - start
            graded = sum(o.status == "graded" for o in outcomes)
        rows.append((f"grade a class of {size} submissions (all parts, correct/wrong/untouched), {workers} worker(s)",
                     f"{times[workers]:.0f} s, {60 * graded / times[workers]:.1f} submissions/min, "
                     f"{times[workers] / bare:.2f}x the bare run"))
    rows.append((f"the class's {size} notebooks run bare with nbclient, one after the other (same run)", f"{bare:.0f} s"))
    rows.append(("speed-up of 2 workers over 1 (2 cores)", f"{times[1] / times[2]:.2f}x"))
    return rows


def _student_course(tmp: str) -> list[str]:
    """A course copy in `tmp` with one student's hand-in of every assignment (our solutions); their paths."""
    from grader import grade

    copy_course(tmp)
    grade.ensure_in_gradebook(assignments(), tmp)
    paths = []
    for name in assignments():
        source_nb, release_nb = source_and_release(name)
        folder = os.path.join(tmp, "submitted", "student", name)
        os.makedirs(folder)
        paths.append(os.path.join(folder, notebook_name(name)))
        nbformat.write(fill(release_nb, source_nb), paths[-1])
    return paths


def bare_run_seconds(paths: list[str]) -> float:
    """The yardstick: the same notebooks executed top to bottom with nbclient, one after the other, in a
    plain kernel (no grading, no sandbox, no hidden tests), each in a copy of its folder."""
    import shutil

    from nbclient import NotebookClient

    from grader import private_kernels

    private_kernels.install()
    start = time.perf_counter()
    for path in paths:
        with tempfile.TemporaryDirectory(prefix="bench-bare-") as work:
            shutil.copy(path, work)
            nb = nbformat.read(os.path.join(work, os.path.basename(path)), as_version=4)
            NotebookClient(nb, timeout=600, kernel_name="python3", allow_errors=True,  # wrong ones raise, as graded
                           resources={"metadata": {"path": work}}).execute()
    return time.perf_counter() - start


def make_grade_seconds(course: str) -> float:
    """`make grade` of a course (python -m grader.grade: sandboxed, one worker, feedback, export, tables, plot)."""
    import subprocess

    from grader.course import venv_env

    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "grader.grade", "--course-dir", course, "--workers", "1", "--regrade"],
                   cwd=ROOT, env=venv_env(), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def bench_course(repeats: int = 3) -> list[tuple[str, str]]:
    """One student's whole course through `make grade`, against the bare run of the same notebooks, in turn."""
    graded, bare = [], []
    with tempfile.TemporaryDirectory(prefix="bench-course-") as tmp:
        paths = _student_course(tmp)
        for _ in range(repeats):
            bare.append(bare_run_seconds(paths))
            graded.append(make_grade_seconds(tmp))
    g, b = statistics.median(graded), statistics.median(bare)
    ratios = sorted(x / y for x, y in zip(graded, bare))
    return [
        ("one student's whole course (4 solutions): bare nbclient run of the same notebooks, median of "
         f"{repeats}", f"{b:.1f} s ({min(bare):.1f}-{max(bare):.1f})"),
        ("the same through `make grade` (sandboxed, 1 worker, feedback, export, tables, plot), median of "
         f"{repeats}", f"{g:.1f} s ({min(graded):.1f}-{max(graded):.1f})"),
        ("`make grade` / bare run, pair by pair: median (target <= 1)",
         f"{statistics.median(ratios):.2f}x ({ratios[0]:.2f}-{ratios[-1]:.2f})"),
    ]


#: A process as a kernel or observer is when it forks (torch, torch.distributed and torch._dynamo imported), forking
#: FORKS children that each run one small operation; prints the system CPU per fork of the parent and of a child.
_FORK_COST = r"""
import os, resource, sys
import torch, torch.distributed, torch._dynamo
x = torch.randn(64, 64)
def cpu(who):
    usage = resource.getrusage(who)
    return usage.ru_stime
FORKS = int(sys.argv[1])
parent, children = cpu(resource.RUSAGE_SELF), cpu(resource.RUSAGE_CHILDREN)
for _ in range(FORKS):
    pid = os.fork()
    if pid == 0:
        (x @ x).sum()
        os._exit(0)
    os.waitpid(pid, 0)
huge = [l for l in open("/proc/self/smaps_rollup") if l.startswith(("Anonymous", "AnonHugePages"))]
print((cpu(resource.RUSAGE_SELF) - parent) / FORKS, (cpu(resource.RUSAGE_CHILDREN) - children) / FORKS,
      *[int(l.split()[1]) // 1024 for l in huge])
"""


def bench_fork(forks: int = 60, repeats: int = 3) -> list[tuple[str, str]]:
    """System CPU of a fork of a kernel-sized process (its page tables copied) and of its child (faults, exit), with
    and without the transparent huge pages and the allocator a sandboxed kernel has (grader.sandbox.kernel_env)."""
    import subprocess

    rows = []
    for label, tunables, allocator in (("pymalloc, no huge pages", "", "pymalloc"),
                                       ("pymalloc, `glibc.malloc.hugetlb=1` (a sandboxed kernel's)", "glibc.malloc.hugetlb=1",
                                        "pymalloc"),
                                       ("`PYTHONMALLOC=malloc`, `glibc.malloc.hugetlb=1` (not used: slower Python)",
                                        "glibc.malloc.hugetlb=1", "malloc")):
        runs = []
        for _ in range(repeats):
            env = {**os.environ, "GLIBC_TUNABLES": tunables, "PYTHONMALLOC": allocator}
            out = subprocess.run([sys.executable, "-c", _FORK_COST, str(forks)], env=env, capture_output=True,
                                 text=True, check=True).stdout.split()
            runs.append([float(v) for v in out])
        parent = statistics.median(r[0] for r in runs) * 1000
        child = statistics.median(r[1] for r in runs) * 1000
        anon, huge = runs[-1][2], runs[-1][3]
        rows.append((f"a fork of a process with torch imported ({anon:.0f} MiB anonymous, {huge:.0f} MiB of it in huge "
                     f"pages), {label}, median of {repeats} x {forks} forks",
                     f"system CPU {parent:.1f} ms in the parent, {child:.1f} ms in the child"))
    return rows


SECTIONS = {"launch": bench_launch, "launch-server": bench_launch_server, "autograde": bench_autograde, "notebooks": bench_notebooks,
            "course": bench_course, "class": bench_class, "fork": bench_fork}


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    unknown = set(argv) - set(SECTIONS)
    if unknown:
        raise SystemExit(f"unknown section(s) {sorted(unknown)}; choose from {sorted(SECTIONS)}")
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, torch {torch.__version__}"
    print(f"| measurement ({machine}) | result |\n| --- | --- |", flush=True)
    for name in argv or list(SECTIONS):
        for label, value in SECTIONS[name]():
            print(f"| {label} | {value} |", flush=True)
    for report in REPORTS:
        print(f"\n```\n{report}\n```")
    return 0


if __name__ == "__main__":
    sys.exit(main())
