"""Hidden tests of problem set 3 (batch size across devices). Never released to students.

Each `check_<exercise>` raises AssertionError with a message that names the mistake. Multi-process
checks run the student's function on real gloo ranks through `autograders.common.run_ranks`, with
short timeouts: a submission that hangs (for example uneven shards without `join()`) fails its cell
in seconds and never stalls the grader.
"""

from __future__ import annotations

import math

import torch
import torch._dynamo  # noqa: F401 - DDP imports it on construction (~1 s); importing it once here, before
import torch.distributed as dist  # the ranks fork, saves that second in every rank of every launch
import torch.nn.functional as F
from torch import nn

from autograders.common import assert_tensors_close, check_choice, run_ranks

#: Seconds a multi-rank check may run. The solution needs well under one; a hang costs this much.
HANG_TIMEOUT = 10.0


def _run_ranks(exercise, fn, world_size, *args, timeout=HANG_TIMEOUT):
    """`run_ranks` with this assignment's HANG_TIMEOUT."""
    return run_ranks(exercise, fn, world_size, *args, timeout=timeout)


# --------------------------------------------------------------------------- batch arithmetic


def _raises_value_error(fn, *args):
    """The ValueError fn(*args) raised, or an AssertionError saying what happened instead."""
    call = f"{fn.__name__}({', '.join(map(repr, args))})"
    try:
        result = fn(*args)
    except ValueError as exc:
        return exc
    except Exception as exc:  # noqa: BLE001 - any other exception is the student's mistake to see
        raise AssertionError(f"{call} raised {type(exc).__name__}: {exc}; raise a ValueError that explains the problem instead") from None
    return result, call


def check_per_rank_batch_values(per_rank_batch):
    for global_batch, world_size, expected in [(64, 4, 16), (64, 1, 64), (256, 8, 32), (7, 7, 1), (96, 3, 32)]:
        got = per_rank_batch(global_batch, world_size)
        if world_size > 1 and got == global_batch * world_size:
            raise AssertionError(
                f"per_rank_batch({global_batch}, {world_size}) returned {got}: you multiplied by the number of ranks. "
                f"With DDP the DataLoader's batch_size is per process, so keeping a global batch of {global_batch} "
                f"means giving each of the {world_size} ranks {expected}"
            )
        assert isinstance(got, int) and not isinstance(got, bool), (
            f"per_rank_batch({global_batch}, {world_size}) returned {got!r} ({type(got).__name__}); return an int (a DataLoader batch_size)"
        )
        assert got == expected, f"per_rank_batch({global_batch}, {world_size}) returned {got}, expected {expected}"


def check_per_rank_batch_impossible(per_rank_batch):
    cases = [
        (10, 4, "10 samples do not split evenly over 4 ranks"),
        (64, 3, "64 samples do not split evenly over 3 ranks"),
        (3, 4, "more ranks (4) than samples (3)"),
        (0, 4, "a global batch of 0"),
        (-8, 2, "a negative global batch"),
        (64, 0, "world_size 0"),
    ]
    for global_batch, world_size, what in cases:
        outcome = _raises_value_error(per_rank_batch, global_batch, world_size)
        if isinstance(outcome, ValueError):
            if global_batch > 0 and world_size > 0:
                msg = str(outcome)
                assert str(global_batch) in msg and str(world_size) in msg, (
                    f"per_rank_batch({global_batch}, {world_size}) raised ValueError({msg!r}); make the message say which "
                    f"numbers do not work (mention the global batch {global_batch} and the world size {world_size})"
                )
            continue
        result, call = outcome
        if isinstance(result, int) and world_size > 0 and global_batch > 0 and result * world_size < global_batch:
            raise AssertionError(
                f"{call} returned {result} ({what}): {result} x {world_size} ranks = {result * world_size}, so "
                f"{global_batch - result * world_size} of the {global_batch} samples are silently dropped every step. "
                "Floor division hides the problem; raise a ValueError instead"
            )
        raise AssertionError(f"{call} returned {result!r} for {what}; it must raise ValueError")


def _divisors(n):
    return [d for d in range(1, n + 1) if n % d == 0]


def _reference_per_rank_batch(global_batch, world_size):
    if world_size < 1 or global_batch < 1 or global_batch % world_size:
        raise ValueError(f"a global batch of {global_batch} does not split over {world_size} ranks")
    return global_batch // world_size


def check_plan_accumulation_values(plan_accumulation):
    # Grade plan_accumulation on its own: if it reuses the student's per_rank_batch, use a correct one,
    # so a mistake there costs exercise 1 only.
    namespace = getattr(plan_accumulation, "__globals__", {})
    original = namespace.get("per_rank_batch")
    if original is not None:
        namespace["per_rank_batch"] = _reference_per_rank_batch
    try:
        _check_plan_accumulation(plan_accumulation)
    finally:
        if original is not None:
            namespace["per_rank_batch"] = original


def _check_plan_accumulation(plan_accumulation):
    for global_batch, world_size, max_micro in [(256, 4, 16), (256, 4, 20), (256, 4, 64), (96, 4, 10), (28, 1, 10), (64, 2, 1), (60, 2, 7)]:
        per_rank = global_batch // world_size
        steps = next(k for k in _divisors(per_rank) if per_rank // k <= max_micro)
        expected = (per_rank // steps, steps)
        call = f"plan_accumulation({global_batch}, {world_size}, {max_micro})"
        got = plan_accumulation(global_batch, world_size, max_micro)
        assert isinstance(got, tuple) and len(got) == 2, f"{call} returned {got!r}; return a tuple (micro_batch, accum_steps)"
        micro, k = got
        assert micro * k * world_size == global_batch, (
            f"{call} returned micro_batch={micro}, accum_steps={k}: {micro} x {k} x {world_size} ranks = {micro * k * world_size}, "
            f"not the global batch {global_batch}. The number of accumulation steps must divide the per-rank batch {per_rank} "
            "(rounding the micro-batch up or down changes the global batch)"
        )
        assert micro <= max_micro, f"{call} returned micro_batch={micro}, larger than the {max_micro} that fit in memory"
        assert (micro, k) == expected, (
            f"{call} returned {got}, expected {expected}: use the fewest accumulation steps whose micro-batch fits "
            "(every extra step is one more forward/backward pass)"
        )
    for args in [(10, 4, 8), (64, 4, 0)]:
        outcome = _raises_value_error(plan_accumulation, *args)
        if not isinstance(outcome, ValueError):
            raise AssertionError(f"{outcome[1]} returned {outcome[0]!r}; an impossible plan must raise ValueError")


# --------------------------------------------------------------------------- learning rate


def check_scale_lr_linear_rule(scale_lr):
    for base_lr, base_batch, global_batch in [(0.1, 64, 256), (0.1, 256, 8192), (0.02, 64, 64), (0.4, 256, 64), (0.05, 32, 96)]:
        k = global_batch / base_batch
        expected = base_lr * k
        got = scale_lr(base_lr, base_batch, global_batch)
        call = f"scale_lr({base_lr}, {base_batch}, {global_batch})"
        assert isinstance(got, (int, float)) and not isinstance(got, bool), f"{call} returned {got!r}; return a float"
        if math.isclose(got, expected, rel_tol=1e-9):
            continue
        if k != 1 and math.isclose(got, base_lr * math.sqrt(k), rel_tol=1e-9):
            raise AssertionError(
                f"{call} returned {got:g}: that is square-root scaling (x{math.sqrt(k):g}). The linear scaling rule "
                f"multiplies the learning rate by the same factor as the batch, {k:g}, giving {expected:g}"
            )
        if k != 1 and math.isclose(got, base_lr, rel_tol=1e-9):
            raise AssertionError(
                f"{call} returned {got:g}: the learning rate was not scaled. The batch is {k:g}x larger, so the linear "
                f"scaling rule gives {expected:g}"
            )
        if k != 1 and math.isclose(got, base_lr / k, rel_tol=1e-9):
            raise AssertionError(f"{call} returned {got:g}: the ratio is upside down; a {k:g}x larger batch needs a {k:g}x larger LR ({expected:g})")
        raise AssertionError(f"{call} returned {got:g}, expected {expected:g} (base_lr x global_batch / base_batch)")


def check_warmup_lr_schedule(warmup_lr):
    base, target = 0.1, 0.8
    for warmup_steps in (5, 4, 1):
        expected = [base + (target - base) * min(s, warmup_steps) / warmup_steps for s in range(warmup_steps + 4)]
        got = [warmup_lr(s, base, target, warmup_steps) for s in range(warmup_steps + 4)]
        if all(math.isclose(g, e, rel_tol=1e-9) for g, e in zip(got, expected)):
            continue
        table = ", ".join(f"{g:.4g}" for g in got)
        want = ", ".join(f"{e:.4g}" for e in expected)
        shifted_late = [base + (target - base) * min(s + 1, warmup_steps) / warmup_steps for s in range(warmup_steps + 4)]
        shifted_early = [base + (target - base) * min(max(s - 1, 0), warmup_steps) / warmup_steps for s in range(warmup_steps + 4)]
        early_end = [base + (target - base) * min(s / max(warmup_steps - 1, 1), 1) for s in range(warmup_steps + 4)]
        if any(all(math.isclose(g, e, rel_tol=1e-9) for g, e in zip(got, ref)) for ref in (shifted_late, shifted_early, early_end)):
            raise AssertionError(
                f"warmup off by one step (warmup_steps={warmup_steps}): steps 0.. give [{table}], expected [{want}]. "
                f"Step 0 uses base_lr exactly and the LR first reaches target_lr at step warmup_steps={warmup_steps}"
            )
        if not math.isclose(got[0], base, rel_tol=1e-9):
            raise AssertionError(
                f"the warmup must start from base_lr (the LR that worked for the small batch): step 0 gave {got[0]:.4g}, expected {base:g}. "
                f"Steps 0.. gave [{table}], expected [{want}]"
            )
        raise AssertionError(f"warmup_steps={warmup_steps}: steps 0.. gave [{table}], expected [{want}] (linear from base_lr to target_lr)")
    try:
        got = warmup_lr(3, base, target, 0)
    except ZeroDivisionError:
        raise AssertionError("warmup_lr(step, base_lr, target_lr, warmup_steps=0) divided by zero; no warmup means target_lr from step 0") from None
    assert math.isclose(got, target, rel_tol=1e-9), f"warmup_lr(3, {base}, {target}, 0) returned {got}; with no warmup the LR is target_lr"


# --------------------------------------------------------------------------- accumulation with no_sync


def _small_mlp(seed=0):
    torch.manual_seed(seed)
    return nn.Sequential(nn.Linear(5, 7), nn.Tanh(), nn.Linear(7, 2))


def _accum_data(world_size, cycles, micro_batches, micro_size):
    g = torch.Generator().manual_seed(1234)
    # data[cycle][rank][micro] = (x, y)
    return [
        [[(torch.randn(micro_size, 5, generator=g), torch.randn(micro_size, 2, generator=g)) for _ in range(micro_batches)] for _ in range(world_size)]
        for _ in range(cycles)
    ]


def _accum_rank(accumulate_gradients, cycles, micro_batches, micro_size):
    from torch.distributed.algorithms.ddp_comm_hooks.default_hooks import allreduce_hook
    from torch.nn.parallel import DistributedDataParallel as DDP

    rank, world_size = dist.get_rank(), dist.get_world_size()
    model = _small_mlp(seed=rank)  # different seeds: DDP's broadcast makes them equal
    ddp = DDP(model)
    counter = {"calls": 0}

    def counting_hook(state, bucket):
        counter["calls"] += 1
        return allreduce_hook(state, bucket)

    ddp.register_comm_hook(dist.group.WORLD, counting_hook)
    data = _accum_data(world_size, cycles, micro_batches, micro_size)
    results = []
    for cycle in range(cycles):
        before = counter["calls"]
        ddp.zero_grad(set_to_none=False)
        accumulate_gradients(ddp, F.mse_loss, [(x.clone(), y.clone()) for x, y in data[cycle][rank]])
        grads = [p.grad.detach().clone() if p.grad is not None else None for p in model.parameters()]
        results.append({"allreduces": counter["calls"] - before, "grads": grads})
        # Step like a training loop would, so the next cycle starts from new weights.
        with torch.no_grad():
            for p in model.parameters():
                if p.grad is not None:
                    p -= 0.1 * p.grad
    return results


def _accum_reference(world_size, cycles, micro_batches, micro_size):
    model = _small_mlp(seed=0)
    data = _accum_data(world_size, cycles, micro_batches, micro_size)
    refs = []
    for cycle in range(cycles):
        x = torch.cat([x for r in range(world_size) for x, _ in data[cycle][r]])
        y = torch.cat([y for r in range(world_size) for _, y in data[cycle][r]])
        model.zero_grad()
        F.mse_loss(model(x), y).backward()
        grads = [p.grad.detach().clone() for p in model.parameters()]
        refs.append(grads)
        with torch.no_grad():
            for p, g in zip(model.parameters(), grads):
                p -= 0.1 * g
    return refs


_ACCUM_CACHE: dict = {}


def _accum_runs(accumulate_gradients):
    """Run the accumulation check once per submission; both test cells read the same run."""
    key = id(accumulate_gradients)
    if key not in _ACCUM_CACHE:
        runs = {}
        try:
            for world_size, cycles, micro_batches, micro_size in [(2, 2, 3, 4), (2, 1, 1, 6)]:
                got = _run_ranks("accumulate_gradients", _accum_rank, world_size, accumulate_gradients, cycles, micro_batches, micro_size, timeout=HANG_TIMEOUT)
                runs[(world_size, cycles, micro_batches, micro_size)] = (got, _accum_reference(world_size, cycles, micro_batches, micro_size))
            _ACCUM_CACHE[key] = (runs, None)
        except AssertionError as exc:
            _ACCUM_CACHE[key] = (None, exc)
    runs, error = _ACCUM_CACHE[key]
    if error is not None:
        raise AssertionError(str(error))
    return runs


def check_accumulate_gradients_match_large_batch(accumulate_gradients):
    names = ["layer 1 weight", "layer 1 bias", "layer 2 weight", "layer 2 bias"]
    for (world_size, cycles, micro_batches, micro_size), (got, refs) in _accum_runs(accumulate_gradients).items():
        setting = f"{world_size} ranks x {micro_batches} micro-batches of {micro_size}"
        for cycle in range(cycles):
            for rank in range(world_size):
                for name, g, ref in zip(names, got[rank][cycle]["grads"], refs[cycle]):
                    assert g is not None, f"accumulate_gradients ({setting}): {name} has no gradient; call backward on every micro-batch"
                    if torch.allclose(g, ref, rtol=1e-4, atol=1e-6):
                        continue
                    ratio = (g.abs().sum() / ref.abs().sum()).item()
                    if micro_batches > 1 and abs(ratio - micro_batches) < 0.05 * micro_batches:
                        raise AssertionError(
                            f"accumulate_gradients ({setting}): the gradients are {ratio:.3g}x the large-batch gradient. "
                            f"Backward adds up gradients, so divide each micro-batch's loss by the number of micro-batches ({micro_batches})"
                        )
                    if torch.allclose(g * world_size, ref, rtol=1e-4, atol=1e-6):
                        raise AssertionError(f"accumulate_gradients ({setting}): the gradients are 1/{world_size} of the large-batch gradient")
                    where = f"cycle {cycle + 1}, rank {rank}" if cycles > 1 else f"rank {rank}"
                    hint = ""
                    if got[rank][cycle]["allreduces"] == 0:
                        hint = (" DDP never all-reduced: the last micro-batch's backward must run OUTSIDE no_sync(), "
                                "so that each rank ends up with the gradient averaged over all ranks")
                    assert_tensors_close(g, ref, f"accumulate_gradients ({setting}, {where}): {name} is not the gradient of the large batch.{hint}", rtol=1e-4, atol=1e-6)


def check_accumulate_gradients_one_allreduce(accumulate_gradients):
    for (world_size, cycles, micro_batches, micro_size), (got, _) in _accum_runs(accumulate_gradients).items():
        counts = [got[0][c]["allreduces"] for c in range(cycles)]
        for count in counts:
            if count == 1:
                continue
            if count == 0:
                raise AssertionError(
                    f"accumulate_gradients ({micro_batches} micro-batches): DDP's all-reduce never ran. Every backward was inside "
                    "no_sync(), so the gradients were never averaged across ranks; run the last micro-batch outside no_sync()"
                )
            if count == micro_batches:
                raise AssertionError(
                    f"accumulate_gradients ({micro_batches} micro-batches): DDP all-reduced the gradients {count} times per optimizer "
                    "step, once per micro-batch. Wrap the backward of every micro-batch but the last in `with ddp_model.no_sync():` "
                    "so that DDP communicates once per accumulation cycle"
                )
            raise AssertionError(
                f"accumulate_gradients ({micro_batches} micro-batches): DDP all-reduced {count} times in one cycle; it must be "
                "exactly once (no_sync() on every micro-batch but the last)"
            )


# --------------------------------------------------------------------------- uneven batch sizes


def _weighted_rank(weighted_backward, sizes):
    from torch.nn.parallel import DistributedDataParallel as DDP

    rank = dist.get_rank()
    model = _small_mlp(seed=rank)
    ddp = DDP(model)
    x, y = _uneven_data(sizes)
    start = sum(sizes[:rank])
    weighted_backward(ddp, F.mse_loss, x[start : start + sizes[rank]].clone(), y[start : start + sizes[rank]].clone())
    return [p.grad.detach().clone() if p.grad is not None else None for p in model.parameters()]


def _uneven_data(sizes):
    g = torch.Generator().manual_seed(99)
    n = sum(sizes)
    return torch.randn(n, 5, generator=g), torch.randn(n, 2, generator=g)


def check_weighted_backward_full_batch_gradient(weighted_backward):
    names = ["layer 1 weight", "layer 1 bias", "layer 2 weight", "layer 2 bias"]
    for sizes in [(4, 6), (1, 2, 3, 6)]:
        world_size = len(sizes)
        got = _run_ranks("weighted_backward", _weighted_rank, world_size, weighted_backward, sizes, timeout=HANG_TIMEOUT)
        model = _small_mlp(seed=0)
        x, y = _uneven_data(sizes)
        F.mse_loss(model(x), y).backward()
        full = [p.grad.detach().clone() for p in model.parameters()]
        # What plain DDP gives: the unweighted mean of the per-rank mean-loss gradients.
        unweighted = [torch.zeros_like(p) for p in full]
        start = 0
        for n in sizes:
            model.zero_grad()
            F.mse_loss(model(x[start : start + n]), y[start : start + n]).backward()
            for acc, p in zip(unweighted, model.parameters()):
                acc += p.grad / world_size
            start += n
        setting = f"shards of {', '.join(map(str, sizes))} samples on {world_size} ranks"
        for rank in range(world_size):
            for name, g, ref, plain in zip(names, got[rank], full, unweighted):
                assert g is not None, f"weighted_backward ({setting}): {name} has no gradient on rank {rank}; call backward"
                if torch.allclose(g, ref, rtol=1e-4, atol=1e-6):
                    continue
                if torch.allclose(g, plain, rtol=1e-4, atol=1e-6):
                    raise AssertionError(
                        f"weighted_backward ({setting}): this is the unweighted mean of the ranks' gradients, what plain DDP gives: "
                        f"each rank's mean loss counts the same however many samples it has. Weight each rank's loss by its share "
                        f"of the samples so the result is the gradient of all {sum(sizes)} samples"
                    )
                if torch.allclose(g * world_size, ref, rtol=1e-4, atol=1e-6):
                    raise AssertionError(
                        f"weighted_backward ({setting}): the gradients are 1/{world_size} of the full-batch gradient. DDP already divides "
                        f"by the world size ({world_size}); scale the loss by local_n x world_size / total_n"
                    )
                assert_tensors_close(g, ref, f"weighted_backward ({setting}, rank {rank}): {name} is not the gradient of the full batch", rtol=1e-4, atol=1e-6)


# --------------------------------------------------------------------------- uneven numbers of batches


def _uneven_batches(counts, batch=3):
    g = torch.Generator().manual_seed(7)
    return [[(torch.randn(batch, 5, generator=g), torch.randn(batch, 2, generator=g)) for _ in range(c)] for c in counts]


def _train_uneven_rank(train_uneven, counts):
    from torch.nn.parallel import DistributedDataParallel as DDP

    rank = dist.get_rank()
    model = _small_mlp(seed=rank)
    ddp = DDP(model)
    optimizer = torch.optim.SGD(ddp.parameters(), lr=0.1, momentum=0.9)
    batches = [(x.clone(), y.clone()) for x, y in _uneven_batches(counts)[rank]]
    train_uneven(ddp, optimizer, F.mse_loss, batches)
    return torch.cat([p.detach().flatten() for p in model.parameters()])


def _simulate_uneven(counts, rule):
    """Single-process replay of DDP training on uneven shards.

    rule "join": a finished rank contributes zero gradients and DDP still divides by the initial world size
    (`ddp.join()`'s default); "active": divide by the ranks still training (`divide_by_initial_world_size=False`);
    "truncate": every rank stops after the shortest shard.
    """
    model = _small_mlp(seed=0)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    data = _uneven_batches(counts)
    world_size = len(counts)
    steps = min(counts) if rule == "truncate" else max(counts)
    for step in range(steps):
        active = [r for r in range(world_size) if step < counts[r]]
        total = [torch.zeros_like(p) for p in model.parameters()]
        for r in active:
            model.zero_grad()
            x, y = data[r][step]
            F.mse_loss(model(x), y).backward()
            for acc, p in zip(total, model.parameters()):
                acc += p.grad
        for p, acc in zip(model.parameters(), total):
            p.grad = acc / (len(active) if rule == "active" else world_size)
        optimizer.step()
    return torch.cat([p.detach().flatten() for p in model.parameters()])


def check_train_uneven_finishes_and_matches(train_uneven):
    for counts in [(2, 5), (3, 1, 4)]:
        world_size = len(counts)
        try:
            got = _run_ranks("train_uneven", _train_uneven_rank, world_size, train_uneven, counts, timeout=HANG_TIMEOUT)
        except AssertionError as exc:
            if "did not finish" in str(exc) or "Timed out" in str(exc) or "Connection closed" in str(exc):
                raise AssertionError(
                    f"{exc}\nWith shards of {', '.join(map(str, counts))} batches, the rank with fewer batches stops calling "
                    "backward, and the others wait forever in DDP's all-reduce: the training hangs. Wrap the loop in "
                    "`with ddp_model.join():` so that finished ranks shadow the all-reduces of the others"
                ) from None
            raise
        setting = f"shards of {', '.join(map(str, counts))} batches on {world_size} ranks"
        for rank in range(1, world_size):
            assert torch.allclose(got[rank], got[0], rtol=1e-5, atol=1e-6), (
                f"train_uneven ({setting}): rank {rank} ends with different weights from rank 0; every rank must hold the same model"
            )
        if any(torch.allclose(got[0], _simulate_uneven(counts, rule), rtol=1e-4, atol=1e-6) for rule in ("join", "active")):
            continue
        if torch.allclose(got[0], _simulate_uneven(counts, "truncate"), rtol=1e-4, atol=1e-6):
            raise AssertionError(
                f"train_uneven ({setting}): every rank stopped after the shortest shard ({min(counts)} batches), so the other "
                f"ranks' remaining batches were dropped. Use `ddp_model.join()` to train on every batch"
            )
        raise AssertionError(
            f"train_uneven ({setting}): the final weights differ from DDP training over every rank's batches "
            "(zero_grad, forward, backward and optimizer.step once per batch, inside `with ddp_model.join():`)"
        )


# --------------------------------------------------------------------------- memory budget


def reference_saved_activation_bytes(model, x):
    """Bytes of the distinct storages autograd saves during model(x), parameters and buffers excluded."""
    fixed = {t.untyped_storage().data_ptr() for t in list(model.parameters()) + list(model.buffers())}
    seen = {}

    def pack(t):
        ptr = t.untyped_storage().data_ptr()
        if ptr not in fixed:
            seen[ptr] = t.untyped_storage().nbytes()
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        model(x)
    return sum(seen.values())


class _ScaledLinear(nn.Module):
    """A linear layer whose weight is computed in forward: autograd saves batch-independent tensors too."""

    def __init__(self, n_in, n_out):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(n_out, n_in) / n_in**0.5)
        self.log_scale = nn.Parameter(torch.zeros(n_out, 1))

    def forward(self, x):
        return F.linear(x, self.weight * self.log_scale.exp())


def _memory_models():
    torch.manual_seed(0)
    return {
        "an MLP with ReLU and Tanh": (nn.Sequential(nn.Linear(16, 64), nn.ReLU(), nn.Linear(64, 64), nn.Tanh(), nn.Linear(64, 4)), (16,)),
        "a model with a computed weight (batch-independent saved tensors)": (nn.Sequential(_ScaledLinear(12, 48), nn.GELU(), _ScaledLinear(48, 3)), (12,)),
        "a model with BatchNorm": (nn.Sequential(nn.Linear(8, 32), nn.BatchNorm1d(32), nn.ReLU(), nn.Linear(32, 2)), (8,)),
        "a small CNN": (nn.Sequential(nn.Conv2d(1, 4, 3, padding=1), nn.ReLU(), nn.Flatten(), nn.Linear(4 * 6 * 6, 3)), (1, 6, 6)),
    }


def check_saved_activation_bytes_values(saved_activation_bytes):
    for name, (model, shape) in _memory_models().items():
        for batch in (2, 5):
            x = torch.randn(batch, *shape)
            expected = reference_saved_activation_bytes(model, x)
            got = saved_activation_bytes(model, x)
            if got == expected:
                continue
            call = f"saved_activation_bytes on {name}, batch {batch}"
            params = sum(p.numel() * p.element_size() for p in model.parameters())
            if isinstance(got, (int, float)) and got >= expected + min(p.numel() * p.element_size() for p in model.parameters()) and got <= expected + params + 4096:
                raise AssertionError(
                    f"{call}: {got} bytes, expected {expected}. You counted parameters (or buffers) that autograd saves: they are "
                    "in memory whatever the batch size; skip tensors that share storage with model.parameters() and model.buffers()"
                )
            if isinstance(got, (int, float)) and got > expected:
                raise AssertionError(
                    f"{call}: {got} bytes, expected {expected}. Did you count the same tensor more than once? One layer's output is "
                    "often saved again as the next layer's input; count each storage once (key on t.untyped_storage().data_ptr())"
                )
            raise AssertionError(f"{call}: {got!r} bytes, expected {expected} (the distinct storages saved for backward)")


def check_largest_batch_fits_budget(largest_batch):
    namespace = getattr(largest_batch, "__globals__", {})
    original = namespace.get("saved_activation_bytes")
    # Grade largest_batch on its own: it measures with the reference, so a mistake in
    # saved_activation_bytes costs that exercise only.
    if original is not None:
        namespace["saved_activation_bytes"] = reference_saved_activation_bytes
    try:
        for name, (model, shape) in _memory_models().items():
            if "BatchNorm" in name:
                continue  # batch 1 is not allowed in training mode
            per_sample = reference_saved_activation_bytes(model, torch.zeros(2, *shape)) - reference_saved_activation_bytes(model, torch.zeros(1, *shape))
            fixed = reference_saved_activation_bytes(model, torch.zeros(1, *shape)) - per_sample
            for budget in (fixed + per_sample * 37 + per_sample // 2, fixed + per_sample * 100, fixed + per_sample * 3 - 1):
                call = f"largest_batch on {name} with a budget of {budget} bytes"
                got = largest_batch(model, shape, budget)
                assert isinstance(got, int) and not isinstance(got, bool), f"{call} returned {got!r}; return an int"
                used = reference_saved_activation_bytes(model, torch.zeros(max(got, 1), *shape))
                assert got >= 1 and used <= budget, (
                    f"{call} returned {got}, but batch {got} saves {used} bytes, more than the budget. "
                    "Return the largest batch that fits, not the first that does not"
                )
                above = reference_saved_activation_bytes(model, torch.zeros(got + 1, *shape))
                if above <= budget:
                    hint = ""
                    if fixed > 0 and got == budget // (fixed + per_sample):
                        hint = (" You divided the budget by the memory of batch 1, but part of it does not grow with the batch "
                                f"({fixed} bytes here): measure two batch sizes and fit memory = fixed + per_sample x batch")
                    raise AssertionError(f"{call} returned {got}, but batch {got + 1} also fits ({above} bytes).{hint}")
            too_small = reference_saved_activation_bytes(model, torch.zeros(1, *shape)) - 1
            outcome = _raises_value_error(lambda b: largest_batch(model, shape, b), too_small)
            if not isinstance(outcome, ValueError):
                raise AssertionError(
                    f"largest_batch on {name} with a budget of {too_small} bytes (not even batch 1 fits) returned {outcome[0]!r}; raise ValueError"
                )
    finally:
        if original is not None:
            namespace["saved_activation_bytes"] = original


# --------------------------------------------------------------------------- quiz

_QUIZ = {
    "q1": ("c", "with DDP the DataLoader's batch_size is per process: 64 / 4 ranks = 16 each keeps the global batch at 64."),
    "q2": ("d", "the batch is 8x larger (8 x 64 = 512), so the linear scaling rule multiplies the LR by 8."),
    "q3": ("b", "no_sync() skips the all-reduce of the micro-batches inside it; the last backward, outside it, all-reduces once."),
    "q4": ("a", "gradient shapes do not depend on the batch, so the first steps run; the rank with more batches then waits in an all-reduce nobody joins."),
    "q5": ("d", "each rank's mean loss is weighted equally, however many samples the rank has."),
    "q6": ("b", "fit memory = fixed + per_sample x batch through the two measurements, then solve for the budget."),
}


def check_quiz(question, answer):
    key, explanation = _QUIZ[question]
    check_choice(question, answer, key, explanation)
