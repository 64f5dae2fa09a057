"""Hidden tests of problem set 4 (the large-model experiment). Never released.

What the checks do:

- pipeline code runs on real ranks (2 and 4, gloo on CPU), each rank holding one stage of a small
  model; every rank compares its stage's gradients with the unsplit model's, computed in the same
  process, so a mismatch is reported by the rank (the stage) where it happens;
- a pipeline that deadlocks (send/recv in the wrong order) is stopped after `TIMEOUT` seconds and
  loses its cell, not the grading run;
- GPipe is checked for full-batch gradients with 1, 2 and 4 micro-batches and, by counting the
  point-to-point sends, for really sending one message per micro-batch;
- the budget arithmetic and the reading of a measured table are compared with a reference on many
  cases, with messages that name the misconception (DDP replicates, the worst rank decides, ...).
"""

from __future__ import annotations

import copy
import math

import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F

import helpers
from autograders.common import check_choice, run_ranks

#: Seconds one multi-process check may take. Honest code needs well under a second; a send/recv
#: pair in the wrong order waits forever, and this bounds what that costs the grading run.
TIMEOUT = 20.0
WORLD_SIZES = (2, 4)
STRATEGIES = ("single", "ddp", "pipeline", "fsdp")


# --------------------------------------------------------------------------- shared pieces


def _run(exercise: str, fn, world_size: int, *args):
    """run_ranks with this assignment's TIMEOUT."""
    return run_ranks(exercise, fn, world_size, *args, timeout=TIMEOUT)


def _model(widths, seed: int = 0) -> nn.Sequential:
    """Blocks Linear(w_i, w_{i+1}) + Tanh, the last one a bare Linear (a classifier head)."""
    torch.manual_seed(seed)
    blocks = []
    for i, (a, b) in enumerate(zip(widths[:-1], widths[1:])):
        last = i == len(widths) - 2
        blocks.append(nn.Linear(a, b) if last else nn.Sequential(nn.Linear(a, b), nn.Tanh()))
    return nn.Sequential(*blocks)


def _bounds(num_blocks: int, world: int) -> list[int]:
    base, extra = divmod(num_blocks, world)
    bounds = [0]
    for s in range(world):
        bounds.append(bounds[-1] + base + (1 if s < extra else 0))
    return bounds


def _problem(widths, batch: int, seed: int):
    """The whole model, a batch, and the reference loss and gradients (same on every rank)."""
    model = _model(widths, seed).to(helpers.rank_device())
    gen = torch.Generator().manual_seed(seed + 1)
    x = torch.randn(batch, widths[0], generator=gen).to(helpers.rank_device())
    y = torch.randint(0, widths[-1], (batch,), generator=gen).to(helpers.rank_device())
    reference = copy.deepcopy(model)
    loss = F.cross_entropy(reference(x), y)
    loss.backward()
    return model, reference, x, y, loss.item()


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


def _check_stage_gradients(what: str, stage, ref_stage, rank: int, world: int, factor_hint: str) -> None:
    for (name, p), ref in zip(stage.named_parameters(), ref_stage.parameters()):
        if p.grad is None or (not torch.any(p.grad) and torch.any(ref.grad)):
            if rank == world - 1:
                raise AssertionError(
                    f"{what}: the last stage (rank {rank}) has no gradient for {name}: call backward on "
                    "loss_fn(output, y) on the last rank")
            raise AssertionError(
                f"{what}: no gradient reached stage {rank} (rank {rank}) of {world}: its parameter {name} has "
                f"{'no .grad' if p.grad is None else 'an all-zero .grad'}. The gradient of the activations must flow "
                "back: the next stage must recv the activation, call requires_grad_() on it (a detached activation "
                "carries no gradient), send act.grad back after backward, and this stage must call "
                "output.backward(received_gradient).")
        if not torch.allclose(p.grad, ref.grad, rtol=1e-4, atol=1e-6):
            ratio = p.grad.abs().sum().item() / max(ref.grad.abs().sum().item(), 1e-30)
            raise AssertionError(
                f"{what}: on {world} ranks the gradient of stage {rank}'s parameter {name} differs from the unsplit "
                f"model's (yours are {ratio:.3g}x the expected size).{factor_hint(ratio)}")


# --------------------------------------------------------------------------- exercise 1: split_layers


def _expected_sizes(n: int, k: int) -> list[int]:
    b = _bounds(n, k)
    return [hi - lo for lo, hi in zip(b[:-1], b[1:])]


def check_split_layers(split_layers) -> None:
    """Every layer exactly once, in order, the model's own objects, sizes as equal as possible."""
    for num_layers, k in [(5, 2), (9, 2), (9, 4), (7, 3), (4, 4), (6, 1), (10, 3), (8, 8), (11, 4)]:
        torch.manual_seed(num_layers * 10 + k)
        model = nn.Sequential(*[nn.Linear(3, 3) if i % 2 == 0 else nn.Tanh() for i in range(num_layers)])
        stages = split_layers(model, k)
        where = f"split_layers({num_layers} layers, {k} stages)"
        assert isinstance(stages, (list, tuple)), f"{where} must return a list of nn.Sequential, got {type(stages).__name__}"
        assert len(stages) == k, f"{where} returned {len(stages)} stages, expected {k}"
        assert all(isinstance(s, nn.Module) for s in stages), f"{where}: every stage must be an nn.Sequential"
        layers = [m for s in stages for m in s.children()]
        ids = [id(m) for m in layers]
        own = [id(m) for m in model]
        if not set(ids) & set(own) and layers:
            raise AssertionError(f"{where}: the stages hold copies of the layers; stages must hold the model's own "
                                 "layer objects (slice the nn.Sequential: model[a:b])")
        for i, m in enumerate(model):
            count = ids.count(id(m))
            assert count > 0, (f"{where}: layer {i} ({type(m).__name__}) is in no stage: the split lost a layer. "
                               "Every layer must be in exactly one stage; check the last stage's end index.")
            assert count == 1, f"{where}: layer {i} is in {count} stages: stages must not overlap"
        assert len(ids) == len(own), f"{where}: the stages hold {len(ids)} layers, the model has {len(own)}"
        assert ids == own, f"{where}: the layers are not in the model's order; stages must be contiguous slices"
        sizes = [len(list(s.children())) for s in stages]
        expected = _expected_sizes(num_layers, k)
        assert sizes == expected, (f"{where}: stage sizes {sizes}, expected {expected}: split as evenly as possible, "
                                   "the first len(model) % num_stages stages get one layer more")
        x = torch.randn(2, 3)
        out = x
        for s in stages:
            out = s(out)
        assert torch.allclose(out, model(x)), f"{where}: running the stages one after another does not give model(x)"
    for bad in (0, 6):
        try:
            split_layers(nn.Sequential(*[nn.Tanh() for _ in range(5)]), bad)
        except ValueError:
            continue
        raise AssertionError(f"split_layers(5 layers, {bad} stages) must raise ValueError: every stage needs at "
                             "least one layer and there must be at least one stage")


# --------------------------------------------------------------------------- exercise 2: pipeline_stage_step


def _pipeline_rank(pipeline_stage_step, widths, batch, seed):
    rank, world = dist.get_rank(), dist.get_world_size()
    model, reference, x, y, ref_loss = _problem(widths, batch, seed)
    b = _bounds(len(model), world)
    stage, ref_stage = model[b[rank]:b[rank + 1]], reference[b[rank]:b[rank + 1]]
    recv_shape = (batch, widths[b[rank]])
    torch.manual_seed(1000 + rank)
    what = f"pipeline_stage_step on {world} ranks"
    out = _call(what, pipeline_stage_step, stage, x if rank == 0 else None, y if rank == world - 1 else None,
                recv_shape)
    _check_stage_gradients(what, stage, ref_stage, rank, world, lambda r: "")
    if rank == world - 1:
        assert out is not None, f"{what}: the last rank must return the loss (a float), got None"
        value = float(out)
        assert math.isclose(value, ref_loss, rel_tol=1e-4, abs_tol=1e-6), (
            f"{what}: the last rank returned loss {value:.6g}, the unsplit model's loss is {ref_loss:.6g}")
    else:
        assert out is None, f"{what}: rank {rank} is not the last stage and must return None, got {out!r}"
    return True


def check_pipeline_stage_step(pipeline_stage_step) -> None:
    """Stage gradients equal the unsplit model's on 2 and 4 ranks; the loss comes back on the last rank."""
    cases = {2: ([7, 9, 6, 8, 5], 6), 4: ([5, 8, 6, 9, 7, 4], 5)}
    for world in WORLD_SIZES:
        widths, batch = cases[world]
        _run("pipeline_stage_step", _pipeline_rank, world, pipeline_stage_step, widths, batch, 3 + world)


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


def _gpipe_rank(gpipe_step, widths, batch, seed, micro_list, judge=True):
    rank, world = dist.get_rank(), dist.get_world_size()
    counts = {}
    for m in micro_list:
        model, reference, x, y, ref_loss = _problem(widths, batch, seed + m)
        b = _bounds(len(model), world)
        stage, ref_stage = model[b[rank]:b[rank + 1]], reference[b[rank]:b[rank + 1]]
        recv_shape = (batch, widths[b[rank]])
        what = f"gpipe_step on {world} ranks with {m} micro-batches"

        def hint(ratio, m=m):
            if m > 1 and abs(ratio - m) < 0.05 * m:
                return (f" They are {m}x too large, {m} being the number of micro-batches: the micro-batch losses were "
                        "summed without scaling. Divide each micro-batch's loss by the number of micro-batches so the "
                        "accumulated gradient is the full batch's.")
            if m > 1 and abs(ratio - 1 / m) < 0.05 / m:
                return (f" They are 1/{m} of the expected size: only one micro-batch's gradient survived, or the loss "
                        "was divided by the number of micro-batches twice.")
            return ""

        with _CountSends() as sends:
            out = _call(what, gpipe_step, stage, x if rank == 0 else None, y if rank == world - 1 else None,
                        recv_shape, m)
        counts[m] = dict(sends.to)
        if not judge:
            continue  # the message count is judged by the caller; gradients have their own test cell
        _check_stage_gradients(what, stage, ref_stage, rank, world, hint)
        if rank == world - 1:
            assert out is not None, f"{what}: the last rank must return the batch's mean loss (a float), got None"
            assert math.isclose(float(out), ref_loss, rel_tol=1e-4, abs_tol=1e-6), (
                f"{what}: the last rank returned loss {float(out):.6g}; the full batch's mean loss is {ref_loss:.6g}. "
                "Return the mean over the micro-batches (the sum of the scaled micro-batch losses).")
        else:
            assert out is None, f"{what}: rank {rank} is not the last stage and must return None, got {out!r}"
    return counts


def check_gpipe_full_batch(gpipe_step) -> None:
    """Gradients equal the full batch's for 1, 2 and 4 micro-batches, on 2 and 4 ranks."""
    cases = {2: ([6, 8, 7, 5], 8), 4: ([5, 7, 6, 8, 4], 8)}
    for world in WORLD_SIZES:
        widths, batch = cases[world]
        _run("gpipe_step", _gpipe_rank, world, gpipe_step, widths, batch, 11 + world, (1, 2, 4))


def _gpipe_sends_rank(gpipe_step, widths, batch, seed):
    rank, world = dist.get_rank(), dist.get_world_size()
    model, _, x, y, _ = _problem(widths, 6, seed)
    b = _bounds(len(model), world)
    try:
        gpipe_step(model[b[rank]:b[rank + 1]], x if rank == 0 else None, y if rank == world - 1 else None,
                   (6, widths[b[rank]]), 4)
    except ValueError:
        pass
    else:
        raise AssertionError("gpipe_step with a batch of 6 and 4 micro-batches must raise ValueError on every rank "
                             "(before any send or recv): 6 samples do not split into 4 equal micro-batches")
    return _gpipe_rank(gpipe_step, widths, batch, seed, (4,), False)


def check_gpipe_micro_batches(gpipe_step) -> None:
    """One message per micro-batch in each direction, and a ValueError for a batch that does not split."""
    world = 4
    per_rank = _run("gpipe_step", _gpipe_sends_rank, world, gpipe_step, [5, 7, 6, 8, 4], 8, 25)
    for rank, counts in enumerate(per_rank):
        sent = counts[4]
        if not sent:
            continue  # sends through an API we do not count (e.g. batch_isend_irecv): nothing to judge
        forward, backward = sent.get(rank + 1, 0), sent.get(rank - 1, 0)
        if rank < world - 1:
            assert forward == 4, (
                f"gpipe_step on {world} ranks with 4 micro-batches: rank {rank} sent {forward} activation message(s) "
                "to the next stage, expected 4. Send each micro-batch's activation as soon as it is computed, so the "
                "next stage can start on it: that is what makes a pipeline overlap work (one message for the "
                "whole batch is no pipelining).")
        if rank > 0:
            assert backward == 4, (
                f"gpipe_step on {world} ranks with 4 micro-batches: rank {rank} sent {backward} gradient message(s) "
                "back to the previous stage, expected 4 (one per micro-batch).")


# --------------------------------------------------------------------------- exercise 4: budget arithmetic


def _reference_bytes(strategy, P, A, n, L=0, bpp=16):
    if strategy == "single":
        return bpp * P + A
    if strategy == "ddp":
        return bpp * P + 4 * P + A / n
    if strategy == "pipeline":
        return bpp * P / n + A / n
    if strategy == "fsdp":
        return bpp * P / n + A / n + 8 * L
    raise ValueError(strategy)


_WHY = {
    "single": "one device holds everything: bytes_per_param * num_params + activation_bytes",
    "ddp": ("DDP replicates the model: every rank holds all the weights, gradients and optimizer state "
            "(bytes_per_param * num_params, not divided by the number of ranks), plus its gradient buckets "
            "(4 bytes per parameter); only the activations shrink, because the batch is split"),
    "pipeline": "each of the n stages holds 1/n of the parameters' training state and about 1/n of the activations",
    "fsdp": ("FSDP shards the parameters, gradients and optimizer state (1/n each) and splits the batch (activations / n), "
             "and gathers the largest layer in full while it runs: 8 bytes per parameter of that layer"),
}

_BYTES_CASES = [
    # num_params, activation_bytes, world_size, largest_layer_params, bytes_per_param
    (2_000_000, 1_000_000, 2, 300_000, 16),
    (10_000, 4_000, 4, 2_500, 16),
    (7_000_000, 0, 8, 1_000_000, 16),
    (1_000_000, 3_000_000, 3, 0, 12),
    (123_457, 65_536, 2, 40_000, 18),
]


def check_per_rank_bytes(per_rank_bytes) -> None:
    """The per-rank bytes of every strategy on several models, world sizes and optimizers."""
    for P, A, n, L, bpp in _BYTES_CASES:
        for strategy in STRATEGIES:
            expected = _reference_bytes(strategy, P, A, n, L, bpp)
            call = (f"per_rank_bytes({strategy!r}, num_params={P}, activation_bytes={A}, world_size={n}, "
                    f"largest_layer_params={L}, bytes_per_param={bpp})")
            got = per_rank_bytes(strategy, P, A, n, largest_layer_params=L, bytes_per_param=bpp)
            assert isinstance(got, (int, float)) and not isinstance(got, bool), f"{call} must return a number, got {got!r}"
            if not math.isclose(got, expected, rel_tol=1e-9, abs_tol=1e-6):
                raise AssertionError(f"{call} = {got:,.1f}, expected {expected:,.1f}: {_WHY[strategy]}.")
    for bad in ("zero3", "DDP-2"):
        try:
            per_rank_bytes(bad, 1000, 0, 2)
        except ValueError:
            continue
        raise AssertionError(f"per_rank_bytes({bad!r}, ...) must raise ValueError: the strategies are {STRATEGIES}")


_FIT_CASES = [
    # num_params, activation_bytes, world_size, budget, largest_layer_params
    (2_106_378, 1_185_000, 2, 28 * 2**20, 262_656),     # the lecture's experiment
    (1_000_000, 0, 2, 16_000_000, 0),                   # single fits exactly at the budget
    (1_000_000, 2_000_000, 4, 6_000_000, 100_000),
    (5_000_000, 8_000_000, 2, 50_000_000, 2_000_000),   # fsdp's gathered layer breaks it
    (3_000_000, 1_000_000, 8, 1_000_000, 10_000),       # nothing fits
    (1_000_000, 1_000_000, 2, 10**9, 0),                # everything fits
]


def check_strategies_that_fit(strategies_that_fit) -> None:
    """The strategies that fit a budget, in the order single, ddp, pipeline, fsdp (<= budget fits)."""
    for P, A, n, budget, L in _FIT_CASES:
        expected = [s for s in STRATEGIES if _reference_bytes(s, P, A, n, L) <= budget]
        call = (f"strategies_that_fit(num_params={P}, activation_bytes={A}, world_size={n}, budget={budget}, "
                f"largest_layer_params={L})")
        got = strategies_that_fit(P, A, n, budget, largest_layer_params=L)
        assert isinstance(got, list), f"{call} must return a list of strategy names, got {type(got).__name__}"
        if got == expected:
            continue
        wrong_in = [s for s in got if s not in expected]
        missing = [s for s in expected if s not in got]
        if wrong_in:
            s = wrong_in[0]
            raise AssertionError(f"{call} = {got}, expected {expected}: {s!r} needs "
                                 f"{_reference_bytes(s, P, A, n, L):,.0f} bytes per rank, more than the budget, because {_WHY[s]}.")
        if missing:
            s = missing[0]
            raise AssertionError(f"{call} = {got}, expected {expected}: {s!r} needs {_reference_bytes(s, P, A, n, L):,.0f} "
                                 f"bytes per rank and fits (a strategy that needs exactly the budget fits), because {_WHY[s]}.")
        raise AssertionError(f"{call} = {got}, expected {expected}: list them in the order {list(STRATEGIES)}")


# --------------------------------------------------------------------------- exercise 5: choose_strategy


def _reference_choice(table, budget):
    fitting = [(row["step_seconds"], max(row["peak_bytes"]), name) for name, row in table.items()
               if max(row["peak_bytes"]) <= budget]
    return min(fitting)[2] if fitting else None


_TABLES = [
    ("pipeline's rank 1 is over the budget although the mean of its ranks is under it",
     {"ddp": {"peak_bytes": [42e6, 42e6], "step_seconds": 0.10},
      "pipeline": {"peak_bytes": [14e6, 31e6], "step_seconds": 0.12},
      "fsdp": {"peak_bytes": [21e6, 21e6], "step_seconds": 0.30}}, 28e6, "fsdp"),
    ("everything fits: the fastest wins",
     {"single": {"peak_bytes": [20e6], "step_seconds": 0.5},
      "ddp": {"peak_bytes": [25e6, 25e6], "step_seconds": 0.3},
      "fsdp": {"peak_bytes": [12e6, 12e6], "step_seconds": 0.4}}, 64e6, "ddp"),
    ("nothing fits",
     {"single": {"peak_bytes": [90e6], "step_seconds": 1.0},
      "pipeline": {"peak_bytes": [40e6, 61e6, 45e6, 44e6], "step_seconds": 0.4}}, 30e6, None),
    ("a peak equal to the budget fits",
     {"single": {"peak_bytes": [30e6], "step_seconds": 1.0},
      "pipeline": {"peak_bytes": [16e6, 15e6], "step_seconds": 0.6}}, 30e6, "pipeline"),
    ("equal step times: the smaller worst-rank peak wins",
     {"ddp": {"peak_bytes": [50e6, 50e6], "step_seconds": 0.2},
      "fsdp": {"peak_bytes": [20e6, 26e6, 20e6, 20e6], "step_seconds": 0.2},
      "pipeline": {"peak_bytes": [22e6, 22e6, 22e6, 22e6], "step_seconds": 0.2}}, 60e6, "pipeline"),
    ("4 ranks, one of them over the budget",
     {"pipeline": {"peak_bytes": [10e6, 10e6, 10e6, 33e6], "step_seconds": 0.1},
      "fsdp": {"peak_bytes": [29e6, 29e6, 29e6, 29e6], "step_seconds": 0.5}}, 32e6, "fsdp"),
]


def check_choose_strategy(choose_strategy) -> None:
    """The fastest strategy whose every rank fits; ties by the worst rank's peak; None when none fits."""
    for why, table, budget, expected in _TABLES:
        assert _reference_choice(table, budget) == expected
        got = choose_strategy(copy.deepcopy(table), budget)
        if got == expected:
            continue
        msg = f"choose_strategy on a table where {why}: returned {got!r}, expected {expected!r}."
        if got in table and max(table[got]["peak_bytes"]) > budget:
            msg += (f" {got!r} does not fit: its worst rank peaks at {max(table[got]['peak_bytes']):,.0f} bytes, over the "
                    f"budget of {budget:,.0f}. The worst rank decides, not the average: one rank out of memory stops them all.")
        elif expected is None:
            msg += " When no strategy fits on every rank, return None."
        raise AssertionError(msg)


# --------------------------------------------------------------------------- quiz

_QUIZ = {
    "q1": ("b", "The bubble is (p-1)/(m+p-1) = 3/15 = 20% for p = 4 stages and m = 12 micro-batches."),
    "q2": ("b", "DDP replicates: every rank keeps all weights, gradients and Adam state (and adds its gradient "
                "buckets); only the batch, hence the activations, is split."),
    "q3": ("a", "Speedup is T(1)/T(4) = 100/30 = 3.33x; efficiency is speedup / 4 = 83%."),
    "q4": ("b", "algbw = 1 GB / 10 ms = 100 GB/s; busbw = algbw x 2(n-1)/n = 100 x 14/8 = 175 GB/s."),
    "q5": ("b", "Every rank runs BigModel(), so every rank holds part1 and part2; the if only changes what is printed."),
}


def check_quiz(question: str, answer) -> None:
    """Grade one quiz answer; the explanation is shown only when it is wrong."""
    key, explanation = _QUIZ[question]
    check_choice(question, answer, key, explanation)
