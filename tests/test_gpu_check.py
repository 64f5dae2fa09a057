"""make gpu-check and make gpu-bundle, as far as a machine without a GPU can check them.

The pieces (launch logs, the GPU sampler's parsing, the expected-points judgement, the table, the
refusals, unpacking a Debian package) are tested directly; one slow test runs the whole check on CPU
(--allow-cpu --no-bundle) on one notebook and one assignment, a missing corpus file included, so the
flow from preparing the machine to the table and the exit status cannot rot.
"""

import io
import json
import os
import subprocess
import sys
import tarfile

import pytest

from tools import gpu_bundle, gpu_check

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_launch_log_summarized_per_backend_and_device(tmp_path):
    log = tmp_path / "launches.jsonl"
    lines = [
        {"world_size": 2, "backend": "gloo", "devices": ["cpu", "cpu"], "start_method": "fork", "seconds": 0.1, "ok": True},
        {"world_size": 1, "backend": "cpu:gloo,cuda:nccl", "devices": ["cuda:0"], "start_method": "spawn", "seconds": 1.0, "ok": True},
        {"world_size": 2, "backend": "gloo", "devices": ["cpu", "cpu"], "start_method": "fork", "seconds": 0.1, "ok": False},
    ]
    log.write_text("\n".join(json.dumps(x) for x in lines) + "\nnot json\n")
    entries = gpu_check.read_launch_log(str(log))
    assert len(entries) == 3
    backend, device = gpu_check.summarize_launches(entries)
    assert backend == "gloo x2, cpu:gloo,cuda:nccl x1 [fork x2, spawn x1] (1 of 3 launches failed)"
    assert device == "cpu x2, cuda:0 x1"
    assert gpu_check.summarize_launches(gpu_check.read_launch_log(str(tmp_path / "missing.jsonl"))) == ("-", "-")
    one = gpu_check.summarize_launches(entries[1:2])
    assert one == ("cpu:gloo,cuda:nccl [spawn]", "cuda:0")


def test_launch_log_says_how_long_the_ranks_took_to_start(tmp_path):
    """Each launch logs startup_s, measured from the ranks' own marks; the table gives the range."""
    import helpers

    log = tmp_path / "launches.jsonl"
    old = os.environ.get(gpu_check.LAUNCH_LOG_ENV)
    os.environ[gpu_check.LAUNCH_LOG_ENV] = str(log)
    try:
        assert helpers.launch(_rank, 2, timeout=60) == [0, 1]
        assert helpers.launch(_rank, 3, timeout=60) == [0, 1, 2]
    finally:
        os.environ.pop(gpu_check.LAUNCH_LOG_ENV) if old is None else os.environ.update({gpu_check.LAUNCH_LOG_ENV: old})
    entries = gpu_check.read_launch_log(str(log))
    startups = [e["startup_s"] for e in entries]
    assert len(startups) == 2 and all(0 <= x <= e["seconds"] for x, e in zip(startups, entries)), entries
    backend, _ = gpu_check.summarize_launches(entries)
    assert f"ranks up in {min(startups):.2f}-{max(startups):.2f} s" in backend, backend
    assert all(e["network"] in ("private", "shared") for e in entries), entries
    assert f"{entries[0]['network']} x2 network" in backend, backend  # two launches of one process: one kind
    assert gpu_check.summarize_launches(entries[:1])[0].endswith(f"; ranks up in {startups[0]:.2f} s]")


def _rank():
    return int(os.environ["RANK"])


def test_a_scoped_monitor_counts_only_its_own_process_tree(monkeypatch):
    """Steps side by side: each step's GPU column counts the processes under its own process, not the others'."""
    import time

    child = subprocess.Popen([sys.executable, "-c", "import subprocess, sys; subprocess.run(['sleep', '30'])"])
    try:
        for _ in range(100):
            import psutil

            kids = psutil.Process(child.pid).children()
            if kids:
                break
            time.sleep(0.05)
        grandchild = kids[0].pid
        assert gpu_check.descends_from(grandchild, child.pid) and gpu_check.descends_from(child.pid, child.pid)
        assert not gpu_check.descends_from(os.getpid(), child.pid) and not gpu_check.descends_from(1, child.pid)
        assert not gpu_check.descends_from(2**22 + 7, child.pid)  # no such process
        others = os.getpid()
        monitor = gpu_check.GpuMonitor(interval=0.01, scoped=True)
        monkeypatch.setattr(monitor, "_smi", "nvidia-smi")
        monkeypatch.setattr(monitor, "sample", lambda: [(grandchild, 512.0), (1, 100.0), (others + 10**7, 1.0)])
        with monitor:
            time.sleep(0.1)  # nothing watched yet: nothing counted
            assert monitor.peak_procs in (None, 0)
            monitor.watch(child.pid)
            time.sleep(0.2)
        assert monitor.peak_procs == 1 and monitor.cell().startswith("1 (0.5 GiB)"), monitor.cell()
    finally:
        child.kill()
        child.wait()


def test_nvidia_smi_compute_apps_parsed():
    text = "12345, 1024 MiB\n678, 20\nNo running processes found\n"
    assert gpu_check.parse_compute_apps(text) == [(12345, 1024.0), (678, 20.0)]
    assert gpu_check.parse_compute_apps("") == []


def test_gpu_monitor_without_nvml_or_nvidia_smi_says_dash(monkeypatch):
    monkeypatch.setattr(gpu_check.shutil, "which", lambda name: None)
    monkeypatch.setitem(sys.modules, "pynvml", None)  # import fails
    monitor = gpu_check.GpuMonitor()
    with monitor:
        pass
    assert not monitor.available and monitor.cell() == "-"


def test_gpu_monitor_reports_the_peak(monkeypatch):
    samples = iter([[(1, 100.0)], [(1, 100.0), (2, 924.0)], [(2, 10.0)]])
    monitor = gpu_check.GpuMonitor(interval=0.01)
    monkeypatch.setattr(monitor, "_nvml", None)
    monkeypatch.setattr(monitor, "_smi", "nvidia-smi")
    monkeypatch.setattr(monitor, "sample", lambda: next(samples, []))
    monkeypatch.setattr(gpu_check, "in_other_pid_namespace", lambda pid: pid == 2)
    with monitor:
        import time

        time.sleep(0.3)
    assert monitor.peak_procs == 2 and monitor.cell() == "2 (1.0 GiB), 1 sandboxed"


def test_sandboxed_processes_told_apart_by_pid_namespace():
    """A process bwrap started with --unshare-pid is in another PID namespace; this one is not."""
    from grader import sandbox

    assert not gpu_check.in_other_pid_namespace(os.getpid())
    if sandbox.available():
        pytest.skip(f"no sandbox here: {sandbox.available()}")
    proc = subprocess.Popen(["bwrap", "--die-with-parent", "--unshare-pid", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
                             "--", "sleep", "30"])
    try:
        import psutil
        import time

        for _ in range(100):  # bwrap forks the sandboxed child: find it
            children = psutil.Process(proc.pid).children(recursive=True)
            if children:
                break
            time.sleep(0.05)
        assert children and gpu_check.in_other_pid_namespace(children[-1].pid)
    finally:
        proc.kill()
        proc.wait()


EXPECTED = ["a", "b", "c"]


def test_expected_points_solution_and_wrong_submission():
    full = {"a": (1.0, 1.0), "b": (2.0, 2.0), "c": (3.0, 3.0)}
    ok, result, _ = gpu_check.expected_points(full, {}, EXPECTED, {})
    assert ok and result == "6/6, full marks"
    wrong = {**full, "b": (0.0, 2.0)}
    ok, result, _ = gpu_check.expected_points(wrong, {"b": "AssertionError: no_sync was not used"}, EXPECTED, {"b": "no_sync"})
    assert ok and result == "4/6, lost exactly b"


@pytest.mark.parametrize("cells,outputs,loses,problem", [
    ({"a": (1.0, 1.0), "b": (2.0, 2.0), "c": (3.0, 3.0)}, {}, {"b": "x"}, "b kept its 2 points"),
    ({"a": (0.0, 1.0), "b": (2.0, 2.0), "c": (3.0, 3.0)}, {}, {}, "a lost points (0/1)"),
    ({"a": (1.0, 1.0), "b": (0.0, 2.0), "c": (3.0, 3.0)}, {"b": "some other error"}, {"b": "no_sync"}, "b does not say 'no_sync'"),
    ({"a": (1.0, 1.0), "b": (2.0, 2.0)}, {}, {}, "not graded: c"),
])
def test_expected_points_catches_every_wrong_grade(cells, outputs, loses, problem):
    ok, result, _ = gpu_check.expected_points(cells, outputs, EXPECTED, loses)
    assert not ok and problem in result


def test_tables_escape_and_mark_failures(tmp_path):
    rows = [gpu_check.Row("notebooks/01.ipynb", "gloo", "cpu", 1.25, "0", True, "ran top to bottom"),
            gpu_check.Row("ps2_ddp: our solution", result="a | b", details="Traceback ...")]
    md = gpu_check.markdown_table(rows)
    assert "| notebooks/01.ipynb | gloo | cpu | 1.2 | 0 | ok: ran top to bottom |" in md
    assert "FAILED: a \\| b" in md
    out = tmp_path / "check.md"
    gpu_check.write_report(str(out), "t", ["GPU: none"], rows)
    text = out.read_text()
    assert "## Failures" in text and "Traceback ..." in text
    assert "FAILED" in gpu_check.text_table(rows)


def test_no_gpu_is_refused_unless_allowed(monkeypatch):
    monkeypatch.delenv("CUDA_VISIBLE_DEVICES", raising=False)
    info = {"torch": "2.11.0+cu130", "cuda": "13.0", "gpus": [], "executable": "python3"}
    problem = gpu_check.check_gpu(info, allow_cpu=False)
    assert problem.startswith("no GPU") and "ALLOW_CPU=1" in problem
    assert gpu_check.check_gpu(info, allow_cpu=True) is None
    assert gpu_check.check_gpu({**info, "gpus": ["NVIDIA H100 80GB HBM3"]}, allow_cpu=False) is None
    missing = gpu_check.check_gpu({"executable": "python3", "error": "ModuleNotFoundError: torch"}, allow_cpu=True)
    assert "torch cannot be imported" in missing


def _check(*args, **kw):
    return subprocess.run([sys.executable, "-m", "tools.gpu_check", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=600, **kw)


def test_make_gpu_check_without_gpu_or_bundle_says_what_to_do(tmp_path):
    import torch

    if torch.cuda.is_available():
        pytest.skip("this machine has a GPU")
    proc = _check("--workdir", str(tmp_path / "work"))
    assert proc.returncode == 2 and "no GPU" in proc.stderr and "ALLOW_CPU=1" in proc.stderr
    proc = _check("--allow-cpu", "--bundle", str(tmp_path / "nothing"), "--workdir", str(tmp_path / "work"))
    assert proc.returncode == 2 and "make gpu-bundle" in proc.stderr and "package index" in proc.stderr
    proc = _check("--dry-run", "--allow-cpu", "--bundle", str(tmp_path / "nothing"))
    assert proc.returncode == 2 and "make gpu-bundle" in proc.stderr
    assert "grade ps2_ddp: solution, ex4_no_ddp_wrapper" in proc.stdout


def test_bundle_built_for_another_python_is_refused(tmp_path):
    (tmp_path / "wheels").mkdir()
    (tmp_path / "wheels" / "x-1-py3-none-any.whl").write_bytes(b"")
    (tmp_path / "MANIFEST.json").write_text(json.dumps({"python": "2.7", "wheels": [], "debs": []}))
    with pytest.raises(SystemExit, match="built for Python 2.7"):
        gpu_check.read_manifest(str(tmp_path))


def _ar_member(name: str, data: bytes) -> bytes:
    header = f"{name:<16}{0:<12}{0:<6}{0:<6}{'100644':<8}{len(data):<10}`\n".encode()
    return header + data + (b"\n" if len(data) % 2 else b"")


def test_debian_package_unpacked_without_dpkg(tmp_path):
    payload = io.BytesIO()
    with tarfile.open(fileobj=payload, mode="w:xz") as tar:
        data = b"#!/bin/sh\necho bwrap\n"
        info = tarfile.TarInfo("./usr/bin/bwrap")
        info.size, info.mode = len(data), 0o755
        tar.addfile(info, io.BytesIO(data))
        link = tarfile.TarInfo("./usr/lib/x86_64-linux-gnu/libcap.so.2")
        link.type, link.linkname = tarfile.SYMTYPE, "libcap.so.2.66"
        tar.addfile(link)
    deb = tmp_path / "bubblewrap.deb"
    deb.write_bytes(b"!<arch>\n" + _ar_member("debian-binary", b"2.0\n") + _ar_member("control.tar.xz", b"x")
                    + _ar_member("data.tar.xz", payload.getvalue()))
    gpu_check.extract_deb(str(deb), str(tmp_path / "root"))
    assert (tmp_path / "root" / "usr" / "bin" / "bwrap").read_bytes().startswith(b"#!/bin/sh")
    assert os.readlink(tmp_path / "root" / "usr" / "lib" / "x86_64-linux-gnu" / "libcap.so.2") == "libcap.so.2.66"
    (tmp_path / "bad.deb").write_bytes(b"not a deb")
    with pytest.raises(SystemExit, match="not a Debian package"):
        gpu_check.extract_deb(str(tmp_path / "bad.deb"), str(tmp_path / "root2"))


def test_bundle_takes_the_course_pins_and_leaves_out_the_ui():
    pins = gpu_bundle.pinned_versions()
    assert gpu_bundle.requirements(pins) == [f"{n}=={pins[n]}" for n in gpu_bundle.TOP_LEVEL]
    closure = [("nbgrader", "0.9.6"), ("jupyterlab", "4.6.6"), ("jinja2", "3.1.6"), ("pyzmq", "27.3.0")]
    assert gpu_bundle.select(closure) == [("nbgrader", "0.9.6"), ("pyzmq", "27.3.0")]
    with pytest.raises(SystemExit, match="pins no version"):
        gpu_bundle.requirements({})


@pytest.mark.slow
@pytest.mark.xdist_group("gpu_check")
def test_cpu_mode_runs_a_notebook_and_grades_in_the_sandbox(tmp_path):
    """The whole check on CPU: one notebook, ps1's solution and a corpus file, and one missing corpus file;
    the notebook and the grading side by side (--jobs 2), the table in the plan's order."""
    from grader import sandbox

    if sandbox.available():
        pytest.skip(f"no sandbox here: {sandbox.available()}")
    out = tmp_path / "check.md"
    proc = _check("--allow-cpu", "--no-bundle", "--workdir", str(tmp_path / "work"), "--out", str(out),
                  "--notebooks", "01", "--assignments", "ps1_memory", "--jobs", "2",
                  "--corpus", "ps1_memory/split_off_by_one", "ps1_memory/no_such_submission")
    table = out.read_text()
    assert "| notebooks/01_memory.ipynb |" in table and "ok: ran top to bottom" in table, proc.stdout + proc.stderr
    assert "| ps1_memory: our solution |" in table and "full marks" in table, table
    assert "lost exactly split_model_stages" in table, table
    assert "FAILED: no tests/submissions/ps1_memory/no_such_submission.py" in table, table
    assert proc.returncode == 1, "a failed row must make the check fail"
    assert "4 of 5 ok" in proc.stdout
    assert "2 at a time" in table
    timing = next(line for line in table.splitlines() if line.startswith("| launch timing"))
    assert "ok: launches started by fork" in timing and "ranks up in" in timing, timing  # no GPU: fork stays safe
    assert "first launch after a backward on cpu" in table and "the same 2 ranks spawned" in table, table
    steps = [line.split("|")[1].strip() for line in table.splitlines() if line.startswith("| ") and "---" not in line][1:]
    assert steps == ["launch timing (helpers.launch after a backward)", "notebooks/01_memory.ipynb", "ps1_memory: our solution", "ps1_memory/split_off_by_one",
                     "ps1_memory/no_such_submission"], table
    notebook_row = next(line for line in table.splitlines() if line.startswith("| notebooks/01_memory"))
    assert "ranks up in" in notebook_row, notebook_row


def _notebook(path, *sources):
    import nbformat

    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in sources]), str(path))
    return str(path)


def test_notebook_step_reports_errors_and_kills_a_hung_kernel(tmp_path):
    """A failing cell fails the row with its error; a notebook past its time is stopped, kernel included."""
    import time

    import psutil

    monitor = gpu_check.GpuMonitor()
    broken = _notebook(tmp_path / "broken.ipynb", "x = 1", "1 / 0")
    row = gpu_check.check_notebook(broken, str(tmp_path), 120, monitor, 60, [])
    assert not row.ok and row.result.startswith("ZeroDivisionError"), row
    pidfile = tmp_path / "kernel.pid"
    hung = _notebook(tmp_path / "hung.ipynb", f"import os, time\nopen({str(pidfile)!r}, 'w').write(str(os.getpid()))",
                     "time.sleep(600)")
    row = gpu_check.check_notebook(hung, str(tmp_path), 15, monitor, 600, [])
    assert not row.ok and "stopped after 15 s" in row.result, row
    pid = int(pidfile.read_text())
    for _ in range(50):
        if not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
            break
        time.sleep(0.1)
    else:
        psutil.Process(pid).kill()
        pytest.fail("the hung notebook's kernel outlived the step")
