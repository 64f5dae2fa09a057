"""Probes of ps4_large_model: the inputs the hidden tests give the student's functions, and what they report.

Public (see `probes`): the expected answers and the messages about mistakes are in
`autograders.ps4_large_model`, which rebuilds the same inputs from the functions here.

The pipeline exercises run on real ranks (2 and 4, each on `helpers.rank_device()`), each rank holding one stage of a
small model; every rank reports the loss it returned and its stage's gradients. A pipeline that
deadlocks (send/recv in the wrong order) is stopped after `TIMEOUT` seconds and loses its cell, not
the grading run.

The model of a case is public (`model`), its batch is not: each rank gets a seed of its own
(`probes.common.run_ranks_seeded`, drawn per grading where the grader grades), the first stage builds
the inputs from its seed (`inputs`), the last stage the targets from its seed (`targets`), and no rank
builds anything else. So the first stage does not know the targets nor the last stage the inputs: the
loss and every stage's gradients are known only to ranks that exchanged activations and gradients.
The checks report the seeds the launcher read; the judge rebuilds the whole problem from them (`problem`).
"""

from __future__ import annotations

import copy
import os
import tempfile

import torch
import torch.distributed as dist
import torch.nn as nn

import helpers
from probes import bare, check, outcome, outcomes, report, returns, unpredictable
from probes.observer import student_global
from probes.observer import in_child, real
from probes.common import P2PLog as _P2PLog
from probes.common import p2p_directions as _directions
from probes.common import run_ranks_seeded

#: Seconds one multi-process check may take. Honest code needs well under a second; a send/recv
#: pair in the wrong order waits forever, and this bounds what that costs the grading run. The visible
#: tests stop their own launches after 15 s: the hidden check, which runs beside them, waits no longer.
TIMEOUT = 15.0
WORLD_SIZES = (2, 4)
STRATEGIES = ("single", "ddp", "pipeline", "fsdp")


# --------------------------------------------------------------------------- shared pieces


def model(widths, seed: int = 0) -> nn.Sequential:
    """Blocks Linear(w_i, w_{i+1}) + Tanh, the last one a bare Linear (a classifier head)."""
    torch.manual_seed(seed)
    blocks = []
    for i, (a, b) in enumerate(zip(widths[:-1], widths[1:])):
        last = i == len(widths) - 2
        blocks.append(nn.Linear(a, b) if last else nn.Sequential(nn.Linear(a, b), nn.Tanh()))
    return nn.Sequential(*blocks)


def inputs(widths, batch: int, seed: int) -> torch.Tensor:
    """The batch's inputs, which the first stage builds from its rank's seed."""
    return torch.randn(batch, widths[0], generator=torch.Generator().manual_seed(seed))


def targets(widths, batch: int, seed: int) -> torch.Tensor:
    """The batch's class targets, which the last stage builds from its rank's seed."""
    return torch.randint(0, widths[-1], (batch,), generator=torch.Generator().manual_seed(seed))


def problem(widths, batch: int, seed: int, seeds):
    """The whole problem that ranks with these seeds hold between them: (model, inputs, targets). For the
    judge only: a rank builds its own part (`stage_part`)."""
    return model(widths, seed), inputs(widths, batch, seeds[0]), targets(widths, batch, seeds[-1])


def stage_part(widths, batch: int, seed: int, bounds, rank: int, world: int, rank_seed: int):
    """What rank `rank` of `world` holds of the problem: its stage (blocks bounds[rank]:bounds[rank + 1] of
    the public model), the inputs if it is the first stage and the targets if it is the last (each from
    `rank_seed`, that rank's own seed; None elsewhere), and the shape of the activation it receives."""
    stage = model(widths, seed)[bounds[rank]:bounds[rank + 1]]
    x = inputs(widths, batch, rank_seed) if rank == 0 else None
    y = targets(widths, batch, rank_seed) if rank == world - 1 else None
    return stage, x, y, (batch, widths[bounds[rank]])


def _leaf_without_grad(frames) -> bool | None:
    """In the student's frames: is there a received activation (a leaf tensor that is not a parameter)
    that requires grad but has no .grad yet? None when no such leaf exists at all."""
    found = None
    for frame in frames:
        for value in list(frame.f_locals.values()):
            if isinstance(value, torch.Tensor) and not isinstance(value, nn.Parameter) and value.is_leaf \
                    and value.dtype.is_floating_point and value.dim() > 1:
                if value.requires_grad:
                    if value.grad is None:
                        return True
                    found = False
    return found


def _hint_for(exc: Exception, frames=()) -> str:
    text = str(exc)
    if "does not require grad" in text:
        return (" The tensor you called backward on is not connected to the stage's parameters: an activation was "
                "detached (or computed under no_grad) before backward, so no gradient flows back.")
    if "NoneType" in text or ("None" in text and "grad" in text):
        pending = _leaf_without_grad(frames)
        if pending:
            return (" A received activation's .grad was still None when it was used: it requires grad, but the "
                    "backward pass that fills it had not run yet. Send act.grad back only after backward "
                    "(loss.backward() on the last rank, output.backward(received_gradient) on the others).")
        return (" A received activation has no .grad: call act.requires_grad_() after dist.recv, so that autograd "
                "computes the gradient that must be sent back to the previous stage, and send it after backward.")
    return ""


def _student_frames(tb, fn):
    """The frames of the traceback that run the student's function (or what it called from its cell)."""
    code = getattr(real(fn), "__code__", None)
    frames = []
    while tb is not None:
        if code is None or tb.tb_frame.f_code is code or tb.tb_frame.f_code.co_filename == code.co_filename:
            frames.append(tb.tb_frame)
        tb = tb.tb_next
    return frames


def _call(what: str, fn, *args):
    try:
        return fn(*args)
    except AssertionError:
        raise
    except Exception as exc:  # noqa: BLE001 - turned into a message the student can act on
        hint = _hint_for(exc, _student_frames(exc.__traceback__, fn))
        raise AssertionError(f"{what} raised {type(exc).__name__}: {exc}.{hint}") from None


def _stage_inputs(widths, batch, seed, bounds, offset: int = 0):
    """This rank's stage and arguments (`stage_part`), built from this rank's own seed plus `offset` (the
    run's number when one launch runs several problems); on this rank's device."""
    rank, world = dist.get_rank(), dist.get_world_size()
    device = helpers.rank_device()
    stage, x, y, recv_shape = stage_part(widths, batch, seed, bounds, rank, world, helpers.drawn_seed() + offset)
    return stage.to(device), None if x is None else x.to(device), None if y is None else y.to(device), recv_shape


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


def _split_case(fn, num_layers, k):
    """split_layers on one case (in a process of its own when graded: the stages are the student's
    objects), and what the judge needs to know of what came back."""
    layers_model, x = split_inputs(num_layers, k)
    stages = fn(layers_model, k)
    rec = {"type": type(stages).__name__, "sequence": isinstance(stages, (list, tuple))}
    if rec["sequence"]:
        rec["len"] = len(stages)
        rec["modules"] = all(isinstance(s, nn.Module) for s in stages)
        rec["sequential"] = all(isinstance(s, nn.Sequential) for s in stages)
        if rec["modules"]:
            own = list(layers_model)
            held = [m for s in stages for m in s.children()]
            rec["model_len"] = len(own)
            rec["layers"] = [next((i for i, m in enumerate(own) if m is layer), -1) for layer in held]
            rec["sizes"] = [len(list(s.children())) for s in stages]
            with torch.no_grad():
                rec["output"] = outcome(_run_stages, stages, x)
    return rec


@check
def split_layers(fn) -> None:
    """For each case: what came back, which of the model's own layers the stages hold (by identity,
    -1 for a layer that is not the model's), the stage sizes and the stages run one after another."""
    report("ps4_large_model.split_layers", in_child(_split_cases, fn))


def _split_cases(fn) -> dict:
    """Every case, each on a fresh model, then the bad splits, one after another in one child."""
    results = [_split_case(fn, num_layers, k) for num_layers, k in SPLIT_CASES]
    bad = [_raised_or_returned(fn, nn.Sequential(*[nn.Tanh() for _ in range(5)]), k) for k in BAD_SPLITS]
    return {"cases": results, "bad": bad}


def _raised_or_returned(fn, *args):
    """{"raised": exception} or {"returned": True}: the judge needs to know whether (and what) it raised."""
    try:
        fn(*args)
    except Exception as exc:  # noqa: BLE001 - the judge decides whether this exception was right
        return {"raised": exc}
    return {"returned": True}


# --------------------------------------------------------------------------- exercise 2: pipeline_stage_step

# world size -> (widths, batch, seed, the blocks each rank holds: rank r has bounds[r]:bounds[r + 1])
PIPELINE_CASES = {2: ([7, 9, 6, 8, 5], 6, 5, [0, 2, 4]), 4: ([5, 8, 6, 9, 7, 4], 5, 7, [0, 2, 3, 4, 5])}


def _pipeline_rank(pipeline_stage_step, widths, batch, seed, bounds, folder=None):
    rank, world = dist.get_rank(), dist.get_world_size()
    stage, x, y, recv_shape = _stage_inputs(widths, batch, seed, bounds)
    torch.manual_seed(1000 + rank)
    what = f"pipeline_stage_step on {world} ranks"
    with _P2PLog(_log_path(folder)) as log:
        out = _call(what, pipeline_stage_step, stage, x, y, recv_shape)
    log.end("returned")
    return {"returned": _returned(out), "grads": _grads(stage), "order": _directions(log.calls, rank)}


@check
def pipeline_stage_step(fn) -> None:
    """On 2 and 4 ranks: {"seeds": the ranks' seeds, "ranks": what each rank returned, its stage's
    gradients and the directions of its sends and receives in order}; a run that hangs ends the check with
    {"hang": ..., "p2p": what each rank sent and received}."""
    results = []
    for world in WORLD_SIZES:
        widths, batch, seed, bounds = PIPELINE_CASES[world]
        run, hang = _run_logged("pipeline_stage_step", _pipeline_rank, world, 100 * seed, fn, widths, batch, seed,
                                bounds)
        results.append(run if hang is None else hang)
        if hang is not None:
            break
    results += [{"skipped": True}] * (len(WORLD_SIZES) - len(results))
    report("ps4_large_model.pipeline_stage_step", results)


# --------------------------------------------------------------------------- exercise 3: gpipe_step


def _read_logs(folder: str, world: int) -> list:
    """What each rank's _P2PLog file says: {"calls": [[op, peer, shape], ...], "end": str or None}."""
    logs = []
    for rank in range(world):
        calls, end = [], None
        try:
            with open(os.path.join(folder, f"{rank}.log")) as fh:
                lines = fh.read().splitlines()
        except OSError:
            lines = []
        for line in lines:
            parts = line.split()
            if parts and parts[0] == "end":
                end = " ".join(parts[1:])
            elif len(parts) >= 2:
                calls.append([parts[0], None if parts[1] == "None" else int(parts[1]), [int(d) for d in parts[2:]]])
        logs.append({"calls": calls, "end": end})
    return logs


def _hung(exc: AssertionError) -> bool:
    return "did not finish within" in str(exc)


def _run_logged(exercise: str, rank_fn, world_size: int, home: int, *args):
    """run_ranks_seeded (each rank its own seed; `home` + rank outside the grader) with a folder for the
    ranks' _P2PLog files: ({"seeds": the seeds the launcher read, "ranks": per-rank results}, None), or
    (None, what a hang left: {"hang": message, "p2p": per-rank logs}). A crash still raises."""
    with tempfile.TemporaryDirectory(prefix="p2p-") as folder:
        try:
            seeds, per_rank = run_ranks_seeded(exercise, rank_fn, world_size, *args, folder, home=home, timeout=TIMEOUT)
            return {"seeds": seeds, "ranks": per_rank}, None
        except AssertionError as exc:
            if not _hung(exc):
                raise
            return None, {"hang": str(exc), "p2p": _read_logs(folder, world_size)}


def _log_path(folder):
    return os.path.join(folder, f"{dist.get_rank()}.log") if folder else None


# world size -> (widths, batch, seed, bounds as above); the problem with m micro-batches has model seed + m, and
# each rank builds its part from its own seed + m
GPIPE_CASES = {2: ([6, 8, 7, 5], 8, 13, [0, 2, 3]), 4: ([5, 7, 6, 8, 4], 8, 15, [0, 1, 2, 3, 4])}
MICRO_BATCHES = (1, 2, 4)


def _gpipe_run(gpipe_step, widths, batch, seed, bounds, m, folder=None):
    """One gpipe_step with m micro-batches on this rank: what it returned, its gradients, its sends."""
    world = dist.get_world_size()
    stage, x, y, recv_shape = _stage_inputs(widths, batch, seed + m, bounds, offset=m)
    what = f"gpipe_step on {world} ranks with {m} micro-batches"
    with _P2PLog(_log_path(folder)) as log:
        out = _call(what, gpipe_step, stage, x, y, recv_shape, m)
    return {"returned": _returned(out), "grads": _grads(stage), "sends": log.sends}


def _gpipe_rank(gpipe_step, widths, batch, seed, bounds, folder=None):
    runs = [_gpipe_run(gpipe_step, widths, batch, seed, bounds, m, folder) for m in MICRO_BATCHES]
    _P2PLog(_log_path(folder)).end("returned")
    return runs


@check
def gpipe_full_batch(fn) -> None:
    """On 2 and 4 ranks, with 1, 2 and 4 micro-batches: {"seeds": the ranks' seeds, "ranks": what each
    rank returned and its gradients, per number of micro-batches}; a run that hangs ends the check with
    {"hang": ..., "p2p": what each rank sent and received}."""
    results = []
    for world in WORLD_SIZES:
        widths, batch, seed, bounds = GPIPE_CASES[world]
        run, hang = _run_logged("gpipe_step", _gpipe_rank, world, 100 * seed, fn, widths, batch, seed, bounds)
        results.append(run if hang is None else hang)
        if hang is not None:
            break
    results += [{"skipped": True}] * (len(WORLD_SIZES) - len(results))
    report("ps4_large_model.gpipe_full_batch", results)


# 4 ranks: first a batch of UNEVEN_BATCH samples in 4 micro-batches, then the counted step
SENDS_CASE = ([5, 7, 6, 8, 4], 8, 25, [0, 1, 2, 3, 4])
SENDS_WORLD = 4
SENDS_MICRO_BATCHES = 4
UNEVEN_BATCH = 6
#: Seconds the uneven batch may take: every rank should raise at once; a rank that does not waits in recv.
UNEVEN_TIMEOUT = 10.0


def _gpipe_uneven_rank(gpipe_step, widths, seed, bounds, folder):
    stage, x, y, recv_shape = _stage_inputs(widths, UNEVEN_BATCH, seed, bounds)
    with _P2PLog(_log_path(folder)) as log:
        try:
            gpipe_step(stage, x, y, recv_shape, SENDS_MICRO_BATCHES)
        except Exception as exc:  # noqa: BLE001 - the judge decides whether this exception was right
            uneven = {"raised": exc}
            log.end(f"raised {type(exc).__name__}")
        else:
            uneven = {"returned": True}
            log.end("returned")
    uneven["p2p"] = log.calls
    return uneven


def _gpipe_sends_rank(gpipe_step, widths, batch, seed, bounds):
    """How many messages this rank sent to each rank, and the order of its sends and receives: "F" for
    the forward direction (from rank - 1, to rank + 1), "B" for the backward one, "?" for another rank."""
    rank = dist.get_rank()
    stage, x, y, recv_shape = _stage_inputs(widths, batch, seed + SENDS_MICRO_BATCHES, bounds, SENDS_MICRO_BATCHES)
    with _P2PLog() as log:
        _call(f"gpipe_step on {dist.get_world_size()} ranks with {SENDS_MICRO_BATCHES} micro-batches",
              gpipe_step, stage, x, y, recv_shape, SENDS_MICRO_BATCHES)

    return {"sends": log.sends, "order": _directions(log.calls, rank)}


@check
def gpipe_micro_batches(fn) -> None:
    """On 4 ranks: what a batch that does not split did on each rank (what it raised, the messages it
    sent or waited for; {"hang": ..., "p2p": ...} if some rank never returned), then how many messages
    each rank sent to each rank in a step that splits. Each rank builds its own part of both problems from
    its own seed (the messages are judged, not the values, so the seeds are not reported)."""
    widths, batch, seed, bounds = SENDS_CASE
    with tempfile.TemporaryDirectory(prefix="p2p-") as folder:
        try:
            _, uneven = run_ranks_seeded("gpipe_step", _gpipe_uneven_rank, SENDS_WORLD, fn, widths, seed, bounds, folder,
                                         home=100 * seed, timeout=UNEVEN_TIMEOUT)
        except AssertionError as exc:
            if not _hung(exc):
                raise
            uneven = {"hang": str(exc), "p2p": _read_logs(folder, SENDS_WORLD)}
    _, counted = run_ranks_seeded("gpipe_step", _gpipe_sends_rank, SENDS_WORLD, fn, widths, batch, seed, bounds,
                                  home=100 * seed + 50, timeout=TIMEOUT)
    report("ps4_large_model.gpipe_micro_batches", {"uneven": uneven, "counted": counted})


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


@check
def per_rank_bytes(fn) -> None:
    """Every strategy on every case, then what unknown strategies do."""
    calls = [((strategy, P, A, n), {"largest_layer_params": L, "bytes_per_param": bpp})
             for P, A, n, L, bpp in BYTES_CASES for strategy in STRATEGIES]
    calls += [((strategy, 1000, 0, 2), {}) for strategy in BAD_STRATEGIES]
    done = outcomes(fn, calls)  # one process for all of them where the observer runs them
    values = []
    for d in done[:len(done) - len(BAD_STRATEGIES)]:
        if "raised" in d:
            raise d["raised"]
        values.append(d["returned"])
    results = [values[i:i + len(STRATEGIES)] for i in range(0, len(values), len(STRATEGIES))]
    bad = [{"raised": d["raised"]} if "raised" in d else {"returned": True} for d in done[len(done) - len(BAD_STRATEGIES):]]
    report("ps4_large_model.per_rank_bytes", {"cases": results, "bad": bad})


FIT_CASES = [
    # num_params, activation_bytes, world_size, budget, largest_layer_params, bytes_per_param
    (2_106_378, 1_185_000, 2, 28 * 2**20, 262_656, 16),     # the lecture's experiment
    (1_000_000, 0, 2, 16_000_000, 0, 16),
    (1_000_000, 2_000_000, 4, 6_000_000, 100_000, 16),
    (5_000_000, 8_000_000, 2, 50_000_000, 2_000_000, 16),
    (3_000_000, 1_000_000, 8, 1_000_000, 10_000, 16),
    (1_000_000, 1_000_000, 2, 10**9, 0, 16),
    (1_000_000, 0, 2, 12_000_000, 0, 12),                   # SGD with momentum: 12 bytes per parameter
]


#: Cases drawn for each grading (see drawn_fit_cases).
DRAWN_FIT_CASES = 6


def drawn_fit_cases(rng) -> list[tuple]:
    """Cases no notebook can know in advance (where the observer grades): a model, a cluster, and a budget
    between what the leanest and the hungriest strategy could need, so that some fit and some do not."""
    cases = []
    for _ in range(DRAWN_FIT_CASES):
        P = rng.randint(10**5, 10**7)
        A = rng.choice([0, rng.randint(10**5, 10**7)])
        n = rng.choice([2, 4, 8])
        L = rng.choice([0, rng.randint(1, P // 4)])
        bpp = rng.choice([16, 16, 12, 8])
        low, high = (bpp * P + A) / (2 * n), bpp * P + 4 * P + A
        budget = int(low * (high / low) ** rng.random())
        cases.append((P, A, n, budget, L, bpp))
    return cases


@check
def strategies_that_fit(fn) -> None:
    """What strategies_that_fit returned on the published cases and on cases drawn for this grading, and
    what the student's own per_rank_bytes (when the notebook defines one) says of each strategy there: a
    mistake in exercise 3 costs exercise 3 only. per_rank_bytes is asked first, before any budget was
    handed to the notebook's code (its calls share a /tmp), so its bytes cannot be fitted to the budgets."""
    drawn = drawn_fit_cases(unpredictable(13))
    cases = FIT_CASES + drawn
    own = None
    per_rank = student_global(fn, "per_rank_bytes")
    if per_rank is not None:
        calls = [((s, P, A, n), {"largest_layer_params": L, "bytes_per_param": b})
                 for P, A, n, _, L, b in cases for s in STRATEGIES]
        done = [d.get("returned") if "returned" in d else None for d in outcomes(per_rank, calls)]
        own = [done[i:i + len(STRATEGIES)] for i in range(0, len(done), len(STRATEGIES))]
    returned = returns(fn, [((P, A, n, budget), {"largest_layer_params": L, "bytes_per_param": b})
                            for P, A, n, budget, L, b in cases])
    report("ps4_large_model.strategies_that_fit", {"returned": returned, "own_bytes": own,
                                                   "drawn": [list(case) for case in drawn]})


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
    ({"single": {"peak_bytes": [30e6], "step_seconds": 0.5},
      "pipeline": {"peak_bytes": [16e6, 15e6], "step_seconds": 0.6}}, 30e6),
    ({"ddp": {"peak_bytes": [50e6, 50e6], "step_seconds": 0.2},
      "fsdp": {"peak_bytes": [20e6, 26e6, 20e6, 20e6], "step_seconds": 0.2},
      "pipeline": {"peak_bytes": [22e6, 22e6, 22e6, 22e6], "step_seconds": 0.2}}, 60e6),
    ({"pipeline": {"peak_bytes": [10e6, 10e6, 10e6, 33e6], "step_seconds": 0.1},
      "fsdp": {"peak_bytes": [29e6, 29e6, 29e6, 29e6], "step_seconds": 0.5}}, 32e6),
]


@check
def choose_strategy(fn) -> None:
    """What choose_strategy returned on each table, and whether it changed the table it was given (the
    table itself, not a copy: a copy would hide a change; each call gets a fresh one built here)."""
    done = outcomes(fn, [((copy.deepcopy(table), budget), {}) for table, budget in TABLES])  # one child for all
    results = []
    for (table, _), d in zip(TABLES, done):
        results.append({**bare(d), "changed": d["args"][0] != table})
    report("ps4_large_model.choose_strategy", results)


# --------------------------------------------------------------------------- quiz


@check
def quiz(question: str, answer) -> None:
    report("ps4_large_model.quiz", {"question": question, "answer": answer})
