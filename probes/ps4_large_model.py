"""Probes of ps4_large_model: the inputs the hidden tests give the student's functions, and what they report.

Public (see `probes`): the expected answers and the messages about mistakes are in
`autograders.ps4_large_model`, which rebuilds the same inputs from the functions here.

The pipeline exercises run on real ranks (2 and 4, each on `helpers.rank_device()`), each rank holding one stage of a
small model; every rank reports the loss it returned and its stage's gradients. A pipeline that
deadlocks (send/recv in the wrong order) is stopped after `TIMEOUT` seconds and loses its cell, not
the grading run.
"""

from __future__ import annotations

import copy

import torch
import torch.distributed as dist
import torch.nn as nn

import helpers
from probes import outcome, report
from probes.common import run_ranks

#: Seconds one multi-process check may take. Honest code needs well under a second; a send/recv
#: pair in the wrong order waits forever, and this bounds what that costs the grading run.
TIMEOUT = 20.0
WORLD_SIZES = (2, 4)
STRATEGIES = ("single", "ddp", "pipeline", "fsdp")


# --------------------------------------------------------------------------- shared pieces


def _run(exercise: str, fn, world_size: int, *args):
    """run_ranks with this assignment's TIMEOUT."""
    return run_ranks(exercise, fn, world_size, *args, timeout=TIMEOUT)


def model(widths, seed: int = 0) -> nn.Sequential:
    """Blocks Linear(w_i, w_{i+1}) + Tanh, the last one a bare Linear (a classifier head)."""
    torch.manual_seed(seed)
    blocks = []
    for i, (a, b) in enumerate(zip(widths[:-1], widths[1:])):
        last = i == len(widths) - 2
        blocks.append(nn.Linear(a, b) if last else nn.Sequential(nn.Linear(a, b), nn.Tanh()))
    return nn.Sequential(*blocks)


def batch_data(widths, batch: int, seed: int):
    """The batch (inputs, class targets) of the problem with this seed."""
    gen = torch.Generator().manual_seed(seed + 1)
    x = torch.randn(batch, widths[0], generator=gen)
    y = torch.randint(0, widths[-1], (batch,), generator=gen)
    return x, y


def _hint_for(exc: Exception) -> str:
    text = str(exc)
    if "does not require grad" in text:
        return (" The tensor you called backward on is not connected to the stage's parameters: an activation was "
                "detached (or computed under no_grad) before backward, so no gradient flows back.")
    if "NoneType" in text or ("None" in text and "grad" in text):
        return (" A received activation has no .grad after backward: call act.requires_grad_() after dist.recv, so "
                "that autograd computes the gradient that must be sent back to the previous stage.")
    return ""


def _call(what: str, fn, *args):
    try:
        return fn(*args)
    except AssertionError:
        raise
    except Exception as exc:  # noqa: BLE001 - turned into a message the student can act on
        raise AssertionError(f"{what} raised {type(exc).__name__}: {exc}.{_hint_for(exc)}") from None


def _stage_inputs(widths, batch, seed, bounds):
    """This rank's stage (blocks bounds[rank]:bounds[rank + 1] of the model) and its arguments."""
    rank, world = dist.get_rank(), dist.get_world_size()
    device = helpers.rank_device()
    whole = model(widths, seed).to(device)
    x, y = batch_data(widths, batch, seed)
    stage = whole[bounds[rank]:bounds[rank + 1]]
    recv_shape = (batch, widths[bounds[rank]])
    return stage, x.to(device) if rank == 0 else None, y.to(device) if rank == world - 1 else None, recv_shape


def _returned(out):
    return out.detach().cpu() if isinstance(out, torch.Tensor) else out


def _grads(stage):
    """The stage's gradients, in the order of stage.named_parameters() (None where there is none)."""
    return [None if p.grad is None else p.grad.detach().cpu() for p in stage.parameters()]


# --------------------------------------------------------------------------- exercise 1: split_layers

SPLIT_CASES = [(5, 2), (9, 2), (9, 4), (7, 3), (4, 4), (6, 1), (10, 3), (8, 8), (11, 4)]
BAD_SPLITS = (0, 6)  # numbers of stages for 5 layers


def split_inputs(num_layers, k):
    """The model of the case (num_layers, k) and the input its stages are run on."""
    torch.manual_seed(num_layers * 10 + k)
    layers = nn.Sequential(*[nn.Linear(3, 3) if i % 2 == 0 else nn.Tanh() for i in range(num_layers)])
    return layers, torch.randn(2, 3)


def _run_stages(stages, x):
    out = x
    for s in stages:
        out = s(out)
    return out


def split_layers(fn) -> None:
    """For each case: what came back, which of the model's own layers the stages hold (by identity,
    -1 for a layer that is not the model's), the stage sizes and the stages run one after another."""
    results = []
    for num_layers, k in SPLIT_CASES:
        layers_model, x = split_inputs(num_layers, k)
        stages = fn(layers_model, k)
        rec = {"type": type(stages).__name__, "sequence": isinstance(stages, (list, tuple))}
        if rec["sequence"]:
            rec["len"] = len(stages)
            rec["modules"] = all(isinstance(s, nn.Module) for s in stages)
            if rec["modules"]:
                own = list(layers_model)
                held = [m for s in stages for m in s.children()]
                rec["model_len"] = len(own)
                rec["layers"] = [next((i for i, m in enumerate(own) if m is layer), -1) for layer in held]
                rec["sizes"] = [len(list(s.children())) for s in stages]
                with torch.no_grad():
                    rec["output"] = outcome(_run_stages, stages, x)
        results.append(rec)
    bad = []
    for k in BAD_SPLITS:
        try:
            fn(nn.Sequential(*[nn.Tanh() for _ in range(5)]), k)
        except ValueError as exc:
            bad.append({"raised": exc})
        else:
            bad.append({"returned": True})
    report("ps4_large_model.split_layers", {"cases": results, "bad": bad})


# --------------------------------------------------------------------------- exercise 2: pipeline_stage_step

# world size -> (widths, batch, seed, the blocks each rank holds: rank r has bounds[r]:bounds[r + 1])
PIPELINE_CASES = {2: ([7, 9, 6, 8, 5], 6, 5, [0, 2, 4]), 4: ([5, 8, 6, 9, 7, 4], 5, 7, [0, 2, 3, 4, 5])}


def _pipeline_rank(pipeline_stage_step, widths, batch, seed, bounds):
    rank, world = dist.get_rank(), dist.get_world_size()
    stage, x, y, recv_shape = _stage_inputs(widths, batch, seed, bounds)
    torch.manual_seed(1000 + rank)
    what = f"pipeline_stage_step on {world} ranks"
    out = _call(what, pipeline_stage_step, stage, x, y, recv_shape)
    return {"returned": _returned(out), "grads": _grads(stage)}


def pipeline_stage_step(fn) -> None:
    """On 2 and 4 ranks: what each rank returned and its stage's gradients."""
    results = []
    for world in WORLD_SIZES:
        widths, batch, seed, bounds = PIPELINE_CASES[world]
        results.append(_run("pipeline_stage_step", _pipeline_rank, world, fn, widths, batch, seed, bounds))
    report("ps4_large_model.pipeline_stage_step", results)


# --------------------------------------------------------------------------- exercise 3: gpipe_step


class _CountSends:
    """Counts the point-to-point messages this rank sends, per destination (dist.send and dist.isend)."""

    def __init__(self):
        self.to = {}

    def __enter__(self):
        self._saved = dist.send, dist.isend
        real_send, real_isend = self._saved

        def send(tensor, dst=None, *args, **kwargs):
            self.to[dst] = self.to.get(dst, 0) + 1
            return real_send(tensor, dst, *args, **kwargs)

        def isend(tensor, dst=None, *args, **kwargs):
            self.to[dst] = self.to.get(dst, 0) + 1
            return real_isend(tensor, dst, *args, **kwargs)

        dist.send, dist.isend = send, isend
        return self

    def __exit__(self, *exc):
        dist.send, dist.isend = self._saved


# world size -> (widths, batch, seed; the problem with m micro-batches uses seed + m, bounds as above)
GPIPE_CASES = {2: ([6, 8, 7, 5], 8, 13, [0, 2, 3]), 4: ([5, 7, 6, 8, 4], 8, 15, [0, 1, 2, 3, 4])}
MICRO_BATCHES = (1, 2, 4)


def _gpipe_run(gpipe_step, widths, batch, seed, bounds, m):
    """One gpipe_step with m micro-batches on this rank: what it returned, its gradients, its sends."""
    world = dist.get_world_size()
    stage, x, y, recv_shape = _stage_inputs(widths, batch, seed + m, bounds)
    what = f"gpipe_step on {world} ranks with {m} micro-batches"
    with _CountSends() as sends:
        out = _call(what, gpipe_step, stage, x, y, recv_shape, m)
    return {"returned": _returned(out), "grads": _grads(stage), "sends": dict(sends.to)}


def _gpipe_rank(gpipe_step, widths, batch, seed, bounds):
    return [_gpipe_run(gpipe_step, widths, batch, seed, bounds, m) for m in MICRO_BATCHES]


def gpipe_full_batch(fn) -> None:
    """On 2 and 4 ranks, with 1, 2 and 4 micro-batches: what each rank returned, its gradients."""
    results = []
    for world in WORLD_SIZES:
        widths, batch, seed, bounds = GPIPE_CASES[world]
        results.append(_run("gpipe_step", _gpipe_rank, world, fn, widths, batch, seed, bounds))
    report("ps4_large_model.gpipe_full_batch", results)


# 4 ranks: first a batch of UNEVEN_BATCH samples in 4 micro-batches, then the counted step
SENDS_CASE = ([5, 7, 6, 8, 4], 8, 25, [0, 1, 2, 3, 4])
SENDS_WORLD = 4
SENDS_MICRO_BATCHES = 4
UNEVEN_BATCH = 6


def _gpipe_sends_rank(gpipe_step, widths, batch, seed, bounds):
    stage, x, y, recv_shape = _stage_inputs(widths, UNEVEN_BATCH, seed, bounds)
    try:
        gpipe_step(stage, x, y, recv_shape, SENDS_MICRO_BATCHES)
    except ValueError as exc:
        uneven = {"raised": exc}
    else:
        uneven = {"returned": True}
    counted = _gpipe_run(gpipe_step, widths, batch, seed, bounds, SENDS_MICRO_BATCHES)
    return {"uneven": uneven, "sends": counted["sends"]}


def gpipe_micro_batches(fn) -> None:
    """On 4 ranks: what an uneven batch did, then how many messages each rank sent to each rank."""
    widths, batch, seed, bounds = SENDS_CASE
    report("ps4_large_model.gpipe_micro_batches",
           _run("gpipe_step", _gpipe_sends_rank, SENDS_WORLD, fn, widths, batch, seed, bounds))


# --------------------------------------------------------------------------- exercise 4: budget arithmetic

BYTES_CASES = [
    # num_params, activation_bytes, world_size, largest_layer_params, bytes_per_param
    (2_000_000, 1_000_000, 2, 300_000, 16),
    (10_000, 4_000, 4, 2_500, 16),
    (7_000_000, 0, 8, 1_000_000, 16),
    (1_000_000, 3_000_000, 3, 0, 12),
    (123_457, 65_536, 2, 40_000, 18),
]
BAD_STRATEGIES = ("zero3", "DDP-2")


def per_rank_bytes(fn) -> None:
    """Every strategy on every case, then what unknown strategies do."""
    results = []
    for P, A, n, L, bpp in BYTES_CASES:
        results.append([fn(strategy, P, A, n, largest_layer_params=L, bytes_per_param=bpp) for strategy in STRATEGIES])
    bad = []
    for strategy in BAD_STRATEGIES:
        try:
            fn(strategy, 1000, 0, 2)
        except ValueError as exc:
            bad.append({"raised": exc})
        else:
            bad.append({"returned": True})
    report("ps4_large_model.per_rank_bytes", {"cases": results, "bad": bad})


FIT_CASES = [
    # num_params, activation_bytes, world_size, budget, largest_layer_params
    (2_106_378, 1_185_000, 2, 28 * 2**20, 262_656),     # the lecture's experiment
    (1_000_000, 0, 2, 16_000_000, 0),
    (1_000_000, 2_000_000, 4, 6_000_000, 100_000),
    (5_000_000, 8_000_000, 2, 50_000_000, 2_000_000),
    (3_000_000, 1_000_000, 8, 1_000_000, 10_000),
    (1_000_000, 1_000_000, 2, 10**9, 0),
]


def strategies_that_fit(fn) -> None:
    report("ps4_large_model.strategies_that_fit",
           [fn(P, A, n, budget, largest_layer_params=L) for P, A, n, budget, L in FIT_CASES])


# --------------------------------------------------------------------------- exercise 5: choose_strategy

TABLES = [  # (table, budget)
    ({"ddp": {"peak_bytes": [42e6, 42e6], "step_seconds": 0.10},
      "pipeline": {"peak_bytes": [14e6, 31e6], "step_seconds": 0.12},
      "fsdp": {"peak_bytes": [21e6, 21e6], "step_seconds": 0.30}}, 28e6),
    ({"single": {"peak_bytes": [20e6], "step_seconds": 0.5},
      "ddp": {"peak_bytes": [25e6, 25e6], "step_seconds": 0.3},
      "fsdp": {"peak_bytes": [12e6, 12e6], "step_seconds": 0.4}}, 64e6),
    ({"single": {"peak_bytes": [90e6], "step_seconds": 1.0},
      "pipeline": {"peak_bytes": [40e6, 61e6, 45e6, 44e6], "step_seconds": 0.4}}, 30e6),
    ({"single": {"peak_bytes": [30e6], "step_seconds": 1.0},
      "pipeline": {"peak_bytes": [16e6, 15e6], "step_seconds": 0.6}}, 30e6),
    ({"ddp": {"peak_bytes": [50e6, 50e6], "step_seconds": 0.2},
      "fsdp": {"peak_bytes": [20e6, 26e6, 20e6, 20e6], "step_seconds": 0.2},
      "pipeline": {"peak_bytes": [22e6, 22e6, 22e6, 22e6], "step_seconds": 0.2}}, 60e6),
    ({"pipeline": {"peak_bytes": [10e6, 10e6, 10e6, 33e6], "step_seconds": 0.1},
      "fsdp": {"peak_bytes": [29e6, 29e6, 29e6, 29e6], "step_seconds": 0.5}}, 32e6),
]


def choose_strategy(fn) -> None:
    """What choose_strategy returned on each table (it gets a copy: it may not change ours)."""
    report("ps4_large_model.choose_strategy", [fn(copy.deepcopy(table), budget) for table, budget in TABLES])


# --------------------------------------------------------------------------- quiz


def quiz(question: str, answer) -> None:
    report("ps4_large_model.quiz", {"question": question, "answer": answer})
