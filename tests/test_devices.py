"""The device rule, without a GPU: GPU counts simulated, every branch of the plan and of the budget.

helpers.launch decides each rank's device and the process-group backend from
`torch.cuda.device_count()` (see helpers/launch.py). These tests replace that count (and the CUDA
allocator's numbers) so that the branches for 0 GPUs, fewer GPUs than ranks and a GPU per rank run
on every CPU machine. The tests at the end need real GPUs and are skipped without them.
"""

import importlib
import json
import os
import sys

import pytest
import torch
import torch.distributed as dist

import helpers
launch_module = importlib.import_module("helpers.launch")  # the module (helpers.launch is the function)

MIXED = "cpu:gloo,cuda:nccl"


@pytest.fixture
def gpus(monkeypatch):
    """Pretend this machine has n CUDA devices: `gpus(2)`."""

    def pretend(n):
        monkeypatch.setattr(torch.cuda, "device_count", lambda: n)
        monkeypatch.setattr(torch.cuda, "is_available", lambda: n > 0)

    monkeypatch.delenv("DISTCOURSE_DEVICE", raising=False)
    monkeypatch.delenv("LOCAL_RANK", raising=False)
    return pretend


# ----------------------------------------------------------------------------- the plan


def test_no_gpu_every_rank_on_cpu_with_gloo(gpus):
    gpus(0)
    for world in (1, 2, 4):
        plan = helpers.device_plan(world)
        assert plan.backend == "gloo" and plan.devices == ("cpu",) * world and not plan.uses_gpu
        assert helpers.resolve_backend("auto", world) == "gloo"


@pytest.mark.parametrize("count, world", [(1, 1), (2, 2), (8, 2), (4, 4), (8, 1)])
def test_a_gpu_per_rank_puts_rank_r_on_cuda_r_with_gloo_for_cpu_tensors(gpus, count, world):
    gpus(count)
    plan = helpers.device_plan(world)
    assert plan.backend == MIXED
    assert plan.devices == tuple(f"cuda:{r}" for r in range(world))
    assert plan.uses_gpu and plan.gpus == count
    assert helpers.resolve_backend("auto", world) == MIXED


@pytest.mark.parametrize("count, world", [(1, 2), (1, 4), (2, 3), (3, 4)])
def test_fewer_gpus_than_ranks_puts_every_rank_on_cpu_and_says_why(gpus, count, world):
    gpus(count)
    plan = helpers.device_plan(world)
    assert plan.backend == "gloo" and plan.devices == ("cpu",) * world
    assert "NCCL refuses two ranks on one GPU" in plan.reason
    assert "gloo cannot send/recv CUDA tensors" in plan.reason


def test_one_gpu_one_rank_uses_it_two_ranks_do_not(gpus):
    gpus(1)
    assert helpers.device_plan(1).devices == ("cuda:0",)
    assert helpers.device_plan(2).devices == ("cpu", "cpu")


def test_explicit_backends(gpus):
    gpus(2)
    assert helpers.device_plan(2, "gloo").devices == ("cpu", "cpu")
    assert helpers.device_plan(2, "gloo").backend == "gloo"
    assert helpers.device_plan(2, "NCCL").backend == "nccl"
    assert helpers.device_plan(2, "nccl").devices == ("cuda:0", "cuda:1")
    with pytest.raises(ValueError, match="needs one GPU per rank.*world_size=3.*2 CUDA"):
        helpers.device_plan(3, "nccl")
    none = helpers.device_plan(2, None)  # plain processes: no group, and no CUDA context to pay for
    assert none.backend is None and none.devices == ("cpu", "cpu")


@pytest.mark.parametrize("backend, error", [("mpi", ValueError), (3, TypeError)])
def test_bad_backends_are_refused(gpus, backend, error):
    gpus(0)
    with pytest.raises(error, match="'auto', 'gloo', 'nccl' or None"):
        helpers.device_plan(2, backend)


def test_a_driver_that_fails_to_count_means_no_gpu(monkeypatch):
    def broken():
        raise RuntimeError("driver mismatch")

    monkeypatch.setattr(torch.cuda, "device_count", broken)
    assert helpers.device_plan(2).devices == ("cpu", "cpu")


# ----------------------------------------------------------------------------- rank_device, DDP's device_ids


def test_rank_device_outside_a_launch(gpus, monkeypatch):
    gpus(0)
    assert helpers.rank_device() == torch.device("cpu")
    gpus(1)
    assert helpers.rank_device() == torch.device("cuda", 0)
    monkeypatch.setenv("LOCAL_RANK", "1")  # torchrun's second rank on a 1-GPU machine
    assert helpers.rank_device() == torch.device("cpu")
    gpus(2)
    assert helpers.rank_device() == torch.device("cuda", 1)


def test_rank_device_inside_a_launch_is_the_planned_one(gpus, monkeypatch):
    gpus(4)  # even with GPUs around, the plan's word wins
    monkeypatch.setenv("DISTCOURSE_DEVICE", "cpu")
    assert helpers.rank_device() == torch.device("cpu")
    monkeypatch.setenv("DISTCOURSE_DEVICE", "cuda:3")
    assert helpers.rank_device() == torch.device("cuda", 3)


def test_ddp_device_ids():
    assert helpers.ddp_device_ids("cpu") is None
    assert helpers.ddp_device_ids(torch.device("cuda", 1)) == [1]
    assert helpers.ddp_device_ids("cuda:0") == [0]


def test_ranks_get_the_planned_device_and_backend():
    def where():
        return str(helpers.rank_device()), dist.get_backend(), helpers.ddp_device_ids()

    out = helpers.launch(where, 2, backend="gloo")
    assert out == [("cpu", "gloo", None)] * 2


# ----------------------------------------------------------------------------- memory budget on a GPU

GiB, MiB = 2**30, 2**20


def test_gpu_budget_is_an_allowance_above_what_the_rank_already_reserved():
    # 100 MiB already reserved, 28 MiB allowed on top, out of 80 GiB
    assert launch_module.gpu_memory_fraction(28 * MiB, None, 100 * MiB, 80 * GiB) == pytest.approx(128 * MiB / (80 * GiB))
    # the sandbox's cap alone, and the smaller of both
    assert launch_module.gpu_memory_fraction(None, 2 * GiB, 0, 80 * GiB) == pytest.approx(2 / 80)
    assert launch_module.gpu_memory_fraction(3 * GiB, 1 * GiB, 0, 80 * GiB) == pytest.approx(1 / 80)
    assert launch_module.gpu_memory_fraction(1 * GiB, 3 * GiB, 0, 80 * GiB) == pytest.approx(1 / 80)
    # more than the card: the whole card, never a fraction above 1
    assert launch_module.gpu_memory_fraction(100 * GiB, None, 0, 80 * GiB) == 1.0
    assert launch_module.gpu_memory_fraction(None, None, 5 * GiB, 80 * GiB) is None


class _FakeAllocator:
    """The torch.cuda calls _apply_memory_budget makes, with made-up numbers, and what it set."""

    def __init__(self, monkeypatch, reserved, total):
        self.calls = []

        class Props:
            total_memory = total

        monkeypatch.setattr(launch_module, "_warm_cuda_libraries", lambda device: None)
        monkeypatch.setattr(torch.cuda, "memory_reserved", lambda device=None: reserved)
        monkeypatch.setattr(torch.cuda, "get_device_properties", lambda device=None: Props)
        monkeypatch.setattr(torch.cuda, "set_per_process_memory_fraction", lambda f, device=None: self.calls.append((f, device)))


def test_apply_memory_budget_on_a_gpu_caps_the_allocator(monkeypatch):
    monkeypatch.delenv("DISTCOURSE_GPU_MEMORY_BYTES", raising=False)
    fake = _FakeAllocator(monkeypatch, reserved=10 * MiB, total=100 * MiB)
    launch_module._apply_memory_budget(30 * MiB, "cuda:1")
    assert fake.calls == [(pytest.approx(0.4), torch.device("cuda", 1))]


def test_the_sandbox_cap_applies_on_a_gpu_without_a_budget_and_the_smaller_wins(monkeypatch):
    fake = _FakeAllocator(monkeypatch, reserved=0, total=100 * MiB)
    monkeypatch.setenv("DISTCOURSE_GPU_MEMORY_BYTES", str(20 * MiB))
    launch_module._apply_memory_budget(None, "cuda:0")
    launch_module._apply_memory_budget(50 * MiB, "cuda:0")
    launch_module._apply_memory_budget(5 * MiB, "cuda:0")
    assert [f for f, _ in fake.calls] == [pytest.approx(0.2), pytest.approx(0.2), pytest.approx(0.05)]


def test_no_budget_and_no_cap_leaves_the_gpu_alone(monkeypatch):
    monkeypatch.delenv("DISTCOURSE_GPU_MEMORY_BYTES", raising=False)
    fake = _FakeAllocator(monkeypatch, reserved=0, total=100 * MiB)
    launch_module._apply_memory_budget(None, "cuda:0")
    assert fake.calls == []


def test_the_sandbox_cap_does_not_touch_cpu_ranks(monkeypatch):
    monkeypatch.setenv("DISTCOURSE_GPU_MEMORY_BYTES", "1000")
    monkeypatch.setattr(launch_module, "_data_bytes", lambda: pytest.fail("a CPU rank without a budget set a limit"))
    launch_module._apply_memory_budget(None, "cpu")


def test_a_bad_sandbox_cap_says_what_to_set(monkeypatch):
    _FakeAllocator(monkeypatch, reserved=0, total=100 * MiB)
    monkeypatch.setenv("DISTCOURSE_GPU_MEMORY_BYTES", "lots")
    with pytest.raises(ValueError, match="DISTCOURSE_GPU_MEMORY_BYTES='lots' is not a size"):
        launch_module._apply_memory_budget(None, "cuda:0")


def test_cpu_budget_off_linux_says_which_parts_and_how_to_get_linux(monkeypatch):
    monkeypatch.setattr(launch_module.sys, "platform", "darwin")
    with pytest.raises(RuntimeError) as info:
        launch_module._apply_memory_budget(10 * MiB, "cpu")
    for words in ("needs Linux", "Part 4", "WSL", "hosted notebook with a GPU", "JupyterHub"):
        assert words in str(info.value)


# ----------------------------------------------------------------------------- start method, launch log


def test_start_method_from_the_environment(monkeypatch):
    monkeypatch.setenv("DISTCOURSE_START_METHOD", "spawn")
    assert launch_module._choose_start_method(None) == "spawn"
    assert launch_module._choose_start_method("fork") == "fork"  # an explicit argument wins
    monkeypatch.setenv("DISTCOURSE_START_METHOD", "forkserver")
    assert launch_module._choose_start_method(None) == "forkserver"
    monkeypatch.setenv("DISTCOURSE_START_METHOD", "threads")
    with pytest.raises(ValueError, match="DISTCOURSE_START_METHOD must be 'fork', 'forkserver', 'spawn'"):
        launch_module._choose_start_method(None)


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="fork is the default on Linux only")
def test_gpu_ranks_come_from_the_fork_server_when_counting_gpus_may_have_initialised_cuda(gpus, monkeypatch):
    monkeypatch.delenv("DISTCOURSE_START_METHOD", raising=False)
    gpus(2)
    monkeypatch.setattr(torch.cuda, "_device_count_nvml", lambda: -1, raising=False)
    assert launch_module._choose_start_method(None, helpers.device_plan(2)) == "forkserver"
    monkeypatch.setattr(torch.cuda, "_device_count_nvml", lambda: 2, raising=False)
    assert launch_module._choose_start_method(None, helpers.device_plan(2)) == "fork"
    assert launch_module._choose_start_method(None, helpers.device_plan(2, "gloo")) == "fork"


def test_every_launch_is_logged_when_asked(tmp_path, monkeypatch):
    log = tmp_path / "launches.jsonl"
    monkeypatch.setenv("DISTCOURSE_LAUNCH_LOG", str(log))
    monkeypatch.delenv("DISTCOURSE_START_METHOD", raising=False)
    helpers.launch(lambda: dist.get_rank(), 2, backend="gloo")
    with pytest.raises(helpers.RankError):
        helpers.launch(lambda: 1 / 0, 1, backend="gloo")
    first, second = [json.loads(line) for line in log.read_text().splitlines()]
    assert first["world_size"] == 2 and first["backend"] == "gloo" and first["devices"] == ["cpu", "cpu"]
    assert first["ok"] is True and second["ok"] is False
    assert first["start_method"] in ("fork", "spawn") and first["seconds"] > 0


# ----------------------------------------------------------------------------- on real GPUs

needs_gpu = pytest.mark.skipif(torch.cuda.device_count() < 1, reason="needs a GPU")


def _both_kinds():
    cpu = torch.ones(2) * (dist.get_rank() + 1)
    gpu = torch.ones(2, device=helpers.rank_device()) * (dist.get_rank() + 1)
    dist.all_reduce(cpu)
    dist.all_reduce(gpu)
    return str(helpers.rank_device()), dist.get_backend(), cpu.tolist(), gpu.cpu().tolist()


@needs_gpu
def test_one_rank_on_a_gpu_reduces_cpu_and_cuda_tensors():
    assert helpers.launch(_both_kinds, 1) == [("cuda:0", MIXED, [1.0, 1.0], [1.0, 1.0])]


@pytest.mark.skipif(torch.cuda.device_count() < 2, reason="needs two GPUs")
def test_two_ranks_on_two_gpus_reduce_cpu_and_cuda_tensors():
    out = helpers.launch(_both_kinds, 2)
    assert [o[0] for o in out] == ["cuda:0", "cuda:1"] and all(o[2] == o[3] == [3.0, 3.0] for o in out)


@pytest.mark.skipif(torch.cuda.device_count() != 1, reason="needs exactly one GPU")
def test_two_ranks_on_one_gpu_run_on_cpu():
    out = helpers.launch(lambda: (str(helpers.rank_device()), dist.get_backend()), 2)
    assert out == [("cpu", "gloo")] * 2


def _allocate_on_gpu(mib):
    x = torch.empty(mib * MiB, dtype=torch.uint8, device=helpers.rank_device())
    return x.numel() // MiB, torch.cuda.max_memory_allocated()


@needs_gpu
def test_gpu_memory_budget_raises_cudas_real_out_of_memory_error(monkeypatch):
    monkeypatch.delenv("DISTCOURSE_GPU_MEMORY_BYTES", raising=False)
    assert helpers.launch(_allocate_on_gpu, 1, 16, memory_budget="64MiB")[0][0] == 16
    with pytest.raises(helpers.RankError) as info:
        helpers.launch(_allocate_on_gpu, 1, 256, memory_budget="64MiB")
    assert info.value.exc_type == "OutOfMemoryError" and "CUDA out of memory" in str(info.value)
    assert helpers.launch(_allocate_on_gpu, 1, 256)[0][0] == 256


@needs_gpu
def test_the_sandbox_cap_stops_a_gpu_rank_without_a_budget(monkeypatch):
    monkeypatch.setenv("DISTCOURSE_GPU_MEMORY_BYTES", str(64 * MiB))
    with pytest.raises(helpers.RankError, match="CUDA out of memory"):
        helpers.launch(_allocate_on_gpu, 1, 256)


def test_fork_is_refused_once_autograd_runs_gpu_device_threads(monkeypatch):
    """On a GPU machine a backward pass in the notebook starts autograd's device threads; forks then break."""
    L = launch_module

    monkeypatch.setattr(L, "_autograd_threads_started", lambda: True)
    assert L._choose_start_method(None) == "forkserver"
    with pytest.raises(RuntimeError, match="forkserver"):
        L._choose_start_method("fork")
    monkeypatch.setattr(L, "_autograd_threads_started", lambda: False)
    if sys.platform.startswith("linux") and not torch.cuda.is_initialized():
        assert L._choose_start_method(None) == "fork"


def test_autograd_device_threads_are_found_by_their_name():
    """The check reads thread names: none here on a CPU-only build after a backward pass; one named like torch's."""
    import ctypes
    import threading

    L = launch_module

    torch.ones(2, requires_grad=True).sum().backward()
    if not torch.cuda.is_available():
        assert not L._autograd_threads_started()
    ready, stop = threading.Event(), threading.Event()

    def named():
        ctypes.CDLL(None).prctl(15, b"pt_autograd_0", 0, 0, 0)  # PR_SET_NAME, as c10::setThreadName does
        ready.set()
        stop.wait()

    thread = threading.Thread(target=named, daemon=True)
    thread.start()
    ready.wait()
    try:
        assert L._autograd_threads_started()
    finally:
        stop.set()
        thread.join()


def test_a_forked_rank_that_meets_the_autograd_fork_guard_is_run_again_from_the_fork_server(monkeypatch):
    """The safety net: the guard's error in a forked rank makes launch use the fork server, now and from then on."""
    L = launch_module

    calls = []

    def fake_launch(fn, plan, args, kwargs, timeout, start_method, *rest):
        calls.append(start_method)
        if start_method == "fork":
            raise L.RankError(f"rank 0 of 1 raised RuntimeError: {L._AUTOGRAD_FORK_ERROR}", 0, "RuntimeError", "")
        return ["ok"]

    monkeypatch.setattr(L, "_launch", fake_launch)
    monkeypatch.setattr(L, "_FORK_BROKEN", False)
    monkeypatch.setattr(L, "_autograd_threads_started", lambda: False)
    if not (sys.platform.startswith("linux") and not torch.cuda.is_initialized()):
        pytest.skip("fork is not the default here")
    assert L.launch(lambda: None, 1, backend="gloo") == ["ok"]
    assert calls == ["fork", "forkserver"]
    assert L._choose_start_method(None) == "forkserver"
