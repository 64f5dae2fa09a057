"""Judges of ps3_batch (batch size across devices). Never released, never in the student's kernel.

Each `judge_<name>` reads what `probes.ps3_batch.<name>` observed the student's function do,
rebuilds the same inputs, computes the right answers (single-process references for the checks
that ran on ranks) and raises AssertionError with a message that names the mistake. `judge_quiz`
holds the quiz keys. See `grader.judge` for how they are run.
"""

from __future__ import annotations

import math

import torch
import torch.nn.functional as F

from autograders.common import assert_tensors_close, judge_choice, observed, off, rank_seeds, realistic, same_shape_close
from probes import ps3_batch as probe
from probes.wire import Raised, type_name

# --------------------------------------------------------------------------- batch arithmetic


class _ReturnedException:
    """An exception object the call returned: what it returned, never what it raised (round 12: a
    `return ValueError(...)` was taken for a raise, because the wire carries any exception as Raised)."""

    def __init__(self, exc: Raised):
        self.exc = exc

    def __repr__(self) -> str:
        return (f"{self.exc.name}({self.exc.message!r}), an exception object, without raising it "
                f"(`return {self.exc.name}(...)` is not `raise {self.exc.name}(...)`)")


def _value_error(outcome: dict, call: str, when: str = "the input is impossible"):
    """The ValueError the call raised, or the value it returned (an exception object returned is never a
    Raised: only a raise counts); another exception fails here."""
    raised = outcome.get("raised")
    if isinstance(raised, Raised):
        if raised.isa("ValueError"):
            return raised
        raise AssertionError(f"{call} raised {raised.name} ({raised.message}); the exercise asks for a ValueError when "
                             f"{when}: check for it yourself and raise ValueError with a message that explains the problem")
    returned = outcome.get("returned")
    return _ReturnedException(returned) if isinstance(returned, Raised) else returned


def judge_per_rank_batch_values(results) -> None:
    for (global_batch, world_size), got in observed(probe.PER_RANK_VALUE_CASES, results):
        expected = global_batch // world_size
        if world_size > 1 and got == global_batch * world_size:
            raise AssertionError(
                f"per_rank_batch({global_batch}, {world_size}) returned {got}: you multiplied by the number of ranks. "
                f"With DDP the DataLoader's batch_size is per process, so keeping a global batch of {global_batch} "
                f"means dividing it among the {world_size} ranks"
            )
        assert isinstance(got, int) and not isinstance(got, bool), (
            f"per_rank_batch({global_batch}, {world_size}) returned {got!r} ({type_name(got)}); return an int (a DataLoader batch_size)"
        )
        assert got == expected, f"per_rank_batch({global_batch}, {world_size}) returned {off(got, expected)}"


def judge_per_rank_batch_impossible(results) -> None:
    if not (isinstance(results, dict) and isinstance(results.get("published"), list)
            and isinstance(results.get("drawn"), list) and len(results["drawn"]) == probe.DRAWN_CASES
            and all(isinstance(d, dict) and isinstance(d.get("outcome"), dict) and isinstance(d.get("args"), list)
                    and len(d["args"]) == 2 and all(isinstance(a, int) for a in d["args"]) for d in results["drawn"])):
        raise AssertionError("the observation is incomplete: the grading code was changed")
    cases = list(probe.PER_RANK_IMPOSSIBLE_CASES) + list(probe.PER_RANK_POSSIBLE_CASES)
    cases += [(*d["args"], "drawn for this grading") for d in results["drawn"]]
    outcomes = results["published"] + [d["outcome"] for d in results["drawn"]]
    impossible = []
    for (global_batch, world_size, what), outcome in observed(cases, outcomes):
        if global_batch > 0 and world_size > 0 and global_batch % world_size == 0:  # a valid split
            call = f"per_rank_batch({global_batch}, {world_size})"
            if isinstance(outcome.get("raised"), Raised):
                raise AssertionError(f"{call} ({what}) raised {outcome['raised'].name}, but {global_batch} samples split "
                                     f"evenly over {world_size} ranks: raise only for a split that is impossible")
            returned = outcome.get("returned")
            if not (isinstance(returned, int) and not isinstance(returned, bool)):
                raise AssertionError(f"{call} ({what}) returned {returned!r}, not a number of samples per rank")
            continue
        impossible.append(((global_batch, world_size, what), outcome))
    for (global_batch, world_size, what), outcome in impossible:
        call = f"per_rank_batch({global_batch!r}, {world_size!r})"
        result = _value_error(outcome, call, f"the split is impossible (here: {what})")
        if isinstance(result, Raised):
            if global_batch > 0 and world_size > 0:
                msg = result.message
                assert str(global_batch) in msg and str(world_size) in msg, (
                    f"per_rank_batch({global_batch}, {world_size}) raised ValueError({msg!r}); make the message say which "
                    f"numbers do not work (mention the global batch {global_batch} and the world size {world_size})"
                )
            continue
        if isinstance(result, int) and world_size > 0 and global_batch > 0 and result * world_size < global_batch:
            raise AssertionError(
                f"{call} returned {result} ({what}): {result} x {world_size} ranks = {result * world_size}, so "
                f"{global_batch - result * world_size} of the {global_batch} samples are silently dropped every step. "
                "Floor division hides the problem; raise a ValueError instead"
            )
        raise AssertionError(f"{call} returned {result!r} for {what}; it must raise ValueError")


def _divisors(n):
    return [d for d in range(1, n + 1) if n % d == 0]


def judge_plan_accumulation_values(observation) -> None:
    """plan_accumulation was graded on its own: per_rank_batch answered correctly for these cases."""
    for (global_batch, world_size, max_micro), got in observed(probe.PLAN_CASES, observation["values"]):
        per_rank = global_batch // world_size
        steps = next(k for k in _divisors(per_rank) if per_rank // k <= max_micro)
        expected = (per_rank // steps, steps)
        call = f"plan_accumulation({global_batch}, {world_size}, {max_micro})"
        assert isinstance(got, tuple) and len(got) == 2, f"{call} returned {got!r}; return a tuple (micro_batch, accum_steps)"
        micro, k = got
        assert micro * k * world_size == global_batch, (
            f"{call} returned micro_batch={micro}, accum_steps={k}: {micro} x {k} x {world_size} ranks = {micro * k * world_size}, "
            f"not the global batch {global_batch}. The number of accumulation steps must divide the per-rank batch {per_rank} "
            "(rounding the micro-batch up or down changes the global batch)"
        )
        assert micro <= max_micro, f"{call} returned micro_batch={micro}, larger than the {max_micro} that fit in memory"
        assert (micro, k) == expected, (
            f"{call} returned {got}, which uses {'more' if k > expected[1] else 'fewer'} accumulation steps than needed: "
            "use the fewest accumulation steps whose micro-batch fits "
            "(every extra step is one more forward/backward pass)"
        )
    for args, outcome in observed(probe.IMPOSSIBLE_PLANS, observation["impossible"]):
        call = f"plan_accumulation({', '.join(map(repr, args))})"
        why = ("max_micro_batch is below 1" if args[2] < 1 else "the per-rank split is impossible")
        result = _value_error(outcome, call, why)
        if not isinstance(result, Raised):
            raise AssertionError(f"{call} returned {result!r}; the exercise asks for a ValueError when {why}")


# --------------------------------------------------------------------------- learning rate


def judge_scale_lr_linear_rule(results) -> None:
    for (base_lr, base_batch, global_batch), got in observed(probe.SCALE_LR_CASES, results):
        k = global_batch / base_batch
        expected = base_lr * k
        call = f"scale_lr({base_lr}, {base_batch}, {global_batch})"
        assert isinstance(got, (int, float)) and not isinstance(got, bool), f"{call} returned {got!r}; return a float"
        if math.isclose(got, expected, rel_tol=1e-9):
            continue
        if k != 1 and math.isclose(got, base_lr * math.sqrt(k), rel_tol=1e-9):
            raise AssertionError(
                f"{call} returned {got:g}: that is square-root scaling (x{math.sqrt(k):g}), a rule common with Adam-type "
                "optimizers. This exercise asks for the linear rule (SGD, Goyal et al.), which multiplies the learning "
                f"rate by the same factor as the batch, {k:g}"
            )
        if k != 1 and math.isclose(got, base_lr, rel_tol=1e-9):
            raise AssertionError(
                f"{call} returned {got:g}: the learning rate was not scaled. The batch is {k:g}x larger, so the linear "
                f"scaling rule multiplies it by {k:g} too"
            )
        if k != 1 and math.isclose(got, base_lr / k, rel_tol=1e-9):
            raise AssertionError(f"{call} returned {got:g}: the ratio is upside down; a {k:g}x larger batch needs a {k:g}x larger LR")
        raise AssertionError(f"{call} returned {off(got, expected)} (the rule is base_lr x global_batch / base_batch)")


def judge_warmup_lr_schedule(observation) -> None:
    base, target = probe.WARMUP_BASE, probe.WARMUP_TARGET
    for warmup_steps, got in observed(probe.WARMUP_STEPS, observation["schedules"]):
        expected = [base + (target - base) * min(s, warmup_steps) / warmup_steps for s in range(warmup_steps + 4)]
        if len(got) == len(expected) and all(math.isclose(g, e, rel_tol=1e-9) for g, e in zip(got, expected)):
            continue
        table = ", ".join(f"{g:.4g}" for g in got)
        shifted_late = [base + (target - base) * min(s + 1, warmup_steps) / warmup_steps for s in range(warmup_steps + 4)]
        shifted_early = [base + (target - base) * min(max(s - 1, 0), warmup_steps) / warmup_steps for s in range(warmup_steps + 4)]
        early_end = [base + (target - base) * min(s / max(warmup_steps - 1, 1), 1) for s in range(warmup_steps + 4)]
        if any(all(math.isclose(g, e, rel_tol=1e-9) for g, e in zip(got, ref)) for ref in (shifted_late, shifted_early, early_end)):
            raise AssertionError(
                f"warmup off by one step (warmup_steps={warmup_steps}): steps 0.. give [{table}]. "
                f"Step 0 uses base_lr exactly and the LR first reaches target_lr at step warmup_steps={warmup_steps}"
            )
        if not math.isclose(got[0], base, rel_tol=1e-9):
            raise AssertionError(
                f"the warmup must start from base_lr (the LR that worked for the small batch): step 0 gave {got[0]:.4g}, "
                f"not base_lr={base:g}. Steps 0.. gave [{table}]"
            )
        raise AssertionError(f"warmup_steps={warmup_steps}: steps 0.. gave [{table}], which is not linear from base_lr to target_lr "
                             "over warmup_steps steps, then target_lr")
    no_warmup = observation["no_warmup"]
    raised = no_warmup.get("raised")
    if isinstance(raised, Raised):
        what = "divided by zero" if raised.isa("ZeroDivisionError") else f"raised {raised.name} ({raised.message})"
        raise AssertionError(f"warmup_lr(3, {base}, {target}, warmup_steps=0) {what}; the exercise says warmup_steps=0 "
                             "means no warmup: target_lr from step 0")
    got = no_warmup["returned"]
    assert math.isclose(got, target, rel_tol=1e-9), f"warmup_lr(3, {base}, {target}, 0) returned {got}; with no warmup the LR is target_lr"


# --------------------------------------------------------------------------- the ranks' seeds


def _seeded(observation, worlds, exercise: str) -> tuple[list, list]:
    """(seeds, runs) of a check whose ranks each built their own part of the problem from their own seed.

    The seeds are those the launcher handed back (one int per rank, per setting: `worlds` gives each
    setting's number of ranks); the judge rebuilds the whole problem from them. Without them there is
    nothing to compare with: the cell fails.
    """
    seeds = observation.get("seeds") if isinstance(observation, dict) else None
    if not isinstance(seeds, list) or len(seeds) != len(worlds):
        raise AssertionError(f"{exercise}: the seeds of the ranks are missing from the observation: the grading code was changed")
    return [rank_seeds(drawn, world, exercise) for drawn, world in zip(seeds, worlds)], observation.get("runs")


# --------------------------------------------------------------------------- accumulation with no_sync

_NAMES = ["layer 1 weight", "layer 1 bias", "layer 2 weight", "layer 2 bias"]


def _accum_reference(seeds, cycles, micro_batches, micro_size, per_rank=None):
    """The large-batch gradient of every cycle, one process, SGD steps of 0.1 between cycles. With a list
    `per_rank`, also appends each cycle's per-rank gradients of the rank's own batch (its micro-batches' mean
    loss) at that cycle's weights: what a rank's accumulated .grad holds when DDP all-reduces it."""
    model = probe.small_mlp(seed=0)
    world_size = len(seeds)
    data = probe.accum_data(seeds, cycles, micro_batches, micro_size)
    refs = []
    for cycle in range(cycles):
        if per_rank is not None:
            local = []
            for r in range(world_size):
                model.zero_grad()
                F.mse_loss(model(torch.cat([x for x, _ in data[cycle][r]])), torch.cat([y for _, y in data[cycle][r]])).backward()
                local.append([p.grad.detach().clone() for p in model.parameters()])
            per_rank.append(local)
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


def _last_micro_batch_only(seeds, micro_batches, micro_size):
    """The first cycle's gradient of the last micro-batch alone (its mean loss, averaged over ranks),
    undivided and divided by the number of micro-batches: what is left when .grad is zeroed before each."""
    model = probe.small_mlp(seed=0)
    world_size = len(seeds)
    data = probe.accum_data(seeds, 1, micro_batches, micro_size)
    x = torch.cat([data[0][r][-1][0] for r in range(world_size)])
    y = torch.cat([data[0][r][-1][1] for r in range(world_size)])
    F.mse_loss(model(x), y).backward()
    grads = [p.grad.detach().clone() for p in model.parameters()]
    return [grads, [g / micro_batches for g in grads]]


def judge_accumulate_gradients_match_large_batch(observation) -> None:
    seeds, runs = _seeded(observation, [setting[0] for setting in probe.ACCUM_SETTINGS], "accumulate_gradients")
    for ((world_size, cycles, micro_batches, micro_size), got), drawn in zip(observed(probe.ACCUM_SETTINGS, runs), seeds):
        refs = _accum_reference(drawn, cycles, micro_batches, micro_size)
        setting = f"{world_size} ranks x {micro_batches} micro-batches of {micro_size}"
        if micro_batches > 1 and all(isinstance(got[rank][0].get("grads"), (list, tuple)) for rank in range(world_size)):
            for last in _last_micro_batch_only(drawn, micro_batches, micro_size):
                if all(g is not None and len(got[rank][0]["grads"]) == len(last) and same_shape_close(g, ref, rtol=1e-4, atol=1e-6)
                       for rank in range(world_size) for g, ref in zip(got[rank][0]["grads"], last)):
                    raise AssertionError(
                        f"accumulate_gradients ({setting}): .grad holds the gradient of the last micro-batch only: the "
                        "gradients were zeroed (zero_grad, or .grad = None) before each micro-batch. Accumulating means "
                        "keeping them: zero once per optimizer step, before the first micro-batch, never inside the loop")
        for cycle in range(cycles):
            for rank in range(world_size):
                for name, g, ref in zip(_NAMES, got[rank][cycle]["grads"], refs[cycle], strict=True):
                    assert g is not None, f"accumulate_gradients ({setting}): {name} has no gradient; call backward on every micro-batch"
                    if same_shape_close(g, ref, rtol=1e-4, atol=1e-6):
                        continue
                    if not isinstance(g, torch.Tensor) or tuple(g.shape) != tuple(ref.shape):
                        assert_tensors_close(g, ref, f"accumulate_gradients ({setting}, rank {rank}): {name}'s gradient")
                    ratio = (g.abs().sum() / ref.abs().sum()).item()
                    if micro_batches > 1 and abs(ratio - micro_batches) < 0.05 * micro_batches:
                        raise AssertionError(
                            f"accumulate_gradients ({setting}): the gradients are {ratio:.3g}x the large-batch gradient. "
                            f"Backward adds up gradients, so divide each micro-batch's loss by the number of micro-batches ({micro_batches})"
                        )
                    if same_shape_close(g * world_size, ref, rtol=1e-4, atol=1e-6):
                        raise AssertionError(f"accumulate_gradients ({setting}): the gradients are 1/{world_size} of the large-batch gradient")
                    where = f"cycle {cycle + 1}, rank {rank}" if cycles > 1 else f"rank {rank}"
                    hint = ""
                    if got[rank][cycle]["allreduces"] == 0:
                        hint = (" DDP never all-reduced: the last micro-batch's backward must run OUTSIDE no_sync(), "
                                "so that each rank ends up with the gradient averaged over all ranks")
                    assert_tensors_close(g, ref, f"accumulate_gradients ({setting}, {where}): {name} is not the gradient of the large batch.{hint}", rtol=1e-4, atol=1e-6)
        _judge_accumulation_method(got, drawn, setting, world_size, cycles, micro_batches, micro_size)


def _judge_accumulation_method(got, drawn, setting, world_size, cycles, micro_batches, micro_size) -> None:
    """The method the text prescribes, once the gradients are right: a forward and backward per micro-batch (none
    on several micro-batches joined), and each micro-batch's loss divided before its backward (so what DDP
    all-reduces is already the rank's batch gradient, not micro_batches times it, divided afterwards)."""
    local = []
    _accum_reference(drawn, cycles, micro_batches, micro_size, per_rank=local)
    for cycle in range(cycles):
        for rank in range(world_size):
            seen = got[rank][cycle]
            forwards, reduced = seen["forwards"], seen["reduced"]
            if not isinstance(forwards, list) or not isinstance(reduced, list) or len(reduced) != seen["allreduces"] \
                    or any(not isinstance(c, list) or len(c) != len(_NAMES) for c in reduced):
                raise AssertionError("accumulate_gradients: the observation is incomplete: the grading code was changed")
            if max(forwards, default=0) > micro_size:
                raise AssertionError(
                    f"accumulate_gradients ({setting}): the gradients are right, but rank {rank} ran a forward pass on "
                    f"{max(forwards)} samples, more than one micro-batch ({micro_size}): the exercise asks to run forward "
                    "and backward on each (x, y) of micro_batches on its own, not on micro-batches joined into one batch "
                    "(the micro-batches are what fits in memory)")
            if sorted(forwards) != [micro_size] * micro_batches:
                raise AssertionError(
                    f"accumulate_gradients ({setting}): rank {rank} ran {len(forwards)} forward passes with autograd on "
                    f"(batch sizes {forwards}); the exercise asks for one forward and backward per micro-batch "
                    f"({micro_batches} of {micro_size})")
            if micro_batches > 1 and len(reduced) == 1 and all(isinstance(c, torch.Tensor) for c in reduced[0]):
                carried, mine = reduced[0], local[cycle][rank]
                if not all(same_shape_close(c, m, rtol=1e-4, atol=1e-6) for c, m in zip(carried, mine)) and \
                        all(same_shape_close(c, m * micro_batches, rtol=1e-4, atol=1e-6) for c, m in zip(carried, mine)):
                    raise AssertionError(
                        f"accumulate_gradients ({setting}): the gradients end right, but what DDP all-reduced on rank "
                        f"{rank} was {micro_batches}x the rank's batch gradient: the division by the number of "
                        "micro-batches came after the backward passes (on the gradients). The exercise asks to divide "
                        "each micro-batch's loss by the number of micro-batches before its backward")


def judge_accumulate_gradients_one_allreduce(runs) -> None:
    for (world_size, cycles, micro_batches, micro_size), per_rank in observed(probe.ACCUM_SETTINGS, runs):
        if len(per_rank) != world_size or any(len(counts) < cycles for counts in per_rank):
            raise AssertionError("accumulate_gradients: the observation is incomplete: the grading code was changed")
        for count in (count for counts in per_rank for count in counts[:cycles]):
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
                    "step, once per micro-batch. Run the forward and the backward of every micro-batch but the last inside "
                    "`with ddp_model.no_sync():`, so that DDP communicates once per accumulation cycle. (DDP decides in the "
                    "forward whether the backward will all-reduce: a backward inside no_sync() whose forward ran outside it "
                    "still communicates)"
                )
            raise AssertionError(
                f"accumulate_gradients ({micro_batches} micro-batches): DDP all-reduced {count} times in one cycle; it must be "
                "exactly once (no_sync() on every micro-batch but the last)"
            )


# --------------------------------------------------------------------------- uneven batch sizes


def judge_weighted_backward_full_batch_gradient(observation) -> None:
    seeds, runs = _seeded(observation, [len(sizes) for sizes in probe.WEIGHTED_SIZES], "weighted_backward")
    for (sizes, got), drawn in zip(observed(probe.WEIGHTED_SIZES, runs), seeds):
        world_size = len(sizes)
        model = probe.small_mlp(seed=0)
        x, y = probe.uneven_data(drawn, sizes)
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
            for name, g, ref, plain in zip(_NAMES, got[rank], full, unweighted, strict=True):
                assert g is not None, f"weighted_backward ({setting}): {name} has no gradient on rank {rank}; call backward"
                if same_shape_close(g, ref, rtol=1e-4, atol=1e-6):
                    continue
                if same_shape_close(g, plain, rtol=1e-4, atol=1e-6):
                    raise AssertionError(
                        f"weighted_backward ({setting}): this is the unweighted mean of the ranks' gradients, what plain DDP gives: "
                        f"each rank's mean loss counts the same however many samples it has. Weight each rank's loss by its share "
                        f"of the samples so the result is the gradient of all {sum(sizes)} samples"
                    )
                if same_shape_close(g * world_size, ref, rtol=1e-4, atol=1e-6):
                    raise AssertionError(
                        f"weighted_backward ({setting}): the gradients are 1/{world_size} of the full-batch gradient. DDP already divides "
                        f"by the world size ({world_size}); scale the loss by local_n x world_size / total_n"
                    )
                assert_tensors_close(g, ref, f"weighted_backward ({setting}, rank {rank}): {name} is not the gradient of the full batch", rtol=1e-4, atol=1e-6)


# --------------------------------------------------------------------------- uneven numbers of batches


def _simulate_uneven(seeds, counts, rule, zeroed=True):
    """Single-process replay of DDP training on uneven shards.

    rule "join": a finished rank contributes zero gradients and DDP still divides by the initial world size
    (`ddp.join()`'s default); "active": divide by the ranks still training (`divide_by_initial_world_size=False`);
    "truncate": every rank stops after the shortest shard. `zeroed=False`: nobody calls zero_grad, so each
    training rank's backward adds to the .grad the previous step left (the same on every rank) before DDP
    averages it, and a finished rank contributes zeros.
    """
    model = probe.small_mlp(seed=0)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    data = probe.uneven_batches(seeds, counts)
    world_size = len(counts)
    steps = min(counts) if rule == "truncate" else max(counts)
    carried = [torch.zeros_like(p) for p in model.parameters()]
    for step in range(steps):
        active = [r for r in range(world_size) if step < counts[r]]
        total = [torch.zeros_like(p) for p in model.parameters()]
        for r in active:
            model.zero_grad()
            x, y = data[r][step]
            F.mse_loss(model(x), y).backward()
            for acc, p in zip(total, model.parameters()):
                acc += p.grad
        for i, (p, acc) in enumerate(zip(model.parameters(), total)):
            if not zeroed:
                acc = acc + len(active) * carried[i]
            carried[i] = acc / (len(active) if rule == "active" else world_size)
            p.grad = carried[i].clone()
        optimizer.step()
    return torch.cat([p.detach().flatten() for p in model.parameters()])


def judge_train_uneven_finishes_and_matches(observation) -> None:
    seeds, runs = _seeded(observation, [len(counts) for counts in probe.UNEVEN_COUNTS], "train_uneven")
    for (counts, got), drawn in zip(observed(probe.UNEVEN_COUNTS, runs), seeds):
        world_size = len(counts)
        setting = f"shards of {', '.join(map(str, counts))} batches on {world_size} ranks"
        shape = tuple(_simulate_uneven(drawn, counts, "join").shape)
        for rank in range(world_size):
            assert isinstance(got[rank], torch.Tensor) and tuple(got[rank].shape) == shape, (
                f"train_uneven ({setting}): rank {rank}'s final weights are not the model's {shape[0]} parameter values "
                "(train the model you are given, in place)")
        for rank in range(1, world_size):
            assert same_shape_close(got[rank], got[0], rtol=1e-5, atol=1e-6), (
                f"train_uneven ({setting}): rank {rank} ends with different weights from rank 0; every rank must hold the same model"
            )
        if any(same_shape_close(got[0], _simulate_uneven(drawn, counts, rule), rtol=1e-4, atol=1e-6) for rule in ("join", "active")):
            continue
        if same_shape_close(got[0], _simulate_uneven(drawn, counts, "truncate"), rtol=1e-4, atol=1e-6):
            raise AssertionError(
                f"train_uneven ({setting}): every rank stopped after the shortest shard ({min(counts)} batches), so the other "
                f"ranks' remaining batches were dropped. Use `ddp_model.join()` to train on every batch"
            )
        if any(same_shape_close(got[0], _simulate_uneven(drawn, counts, rule, zeroed=False), rtol=1e-4, atol=1e-6)
               for rule in ("join", "active")):
            raise AssertionError(
                f"train_uneven ({setting}): the weights are those of a training whose gradients were never zeroed: each "
                "step's gradient was added to all the earlier ones. Call optimizer.zero_grad() before each backward")
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


def judge_saved_activation_bytes_values(results) -> None:
    for (name, model, x), got in observed(probe.saved_bytes_cases(), results):
        batch = x.shape[0]
        expected = reference_saved_activation_bytes(model, x)
        if got == expected:
            continue
        call = f"saved_activation_bytes on {name}, batch {batch}"
        params = sum(p.numel() * p.element_size() for p in model.parameters())
        if isinstance(got, (int, float)) and got >= expected + min(p.numel() * p.element_size() for p in model.parameters()) and got <= expected + params + 4096:
            raise AssertionError(
                f"{call}: {off(got, expected)} (bytes). You counted parameters (or buffers) that autograd saves: they are "
                "in memory whatever the batch size; skip tensors that share storage with model.parameters() and model.buffers()"
            )
        if isinstance(got, (int, float)) and got > expected:
            raise AssertionError(
                f"{call}: {off(got, expected)} (bytes). Did you count the same tensor more than once? One layer's output is "
                "often saved again as the next layer's input; count each storage once (key on t.untyped_storage().data_ptr())"
            )
        raise AssertionError(f"{call}: {off(got, expected)} (bytes; count the distinct storages saved for backward)")


def judge_largest_batch_fits_budget(results) -> None:
    """largest_batch returns the largest batch that fits, measured with the student's saved_activation_bytes.

    The probe built the budgets from that measurement (it holds no reference), so a mistake in
    saved_activation_bytes costs that exercise only, as long as it grows linearly with the batch and
    stays a measurement (each sample's bytes within REALISTIC_FACTOR of the reference's: not the batch
    size, not a constant).
    """
    for (name, (model, shape)), record in observed(probe.budget_models().items(), results):
        one, two = record["one"], record["two"]
        per_sample = two - one
        fixed = one - per_sample
        ref_one, ref_two = (reference_saved_activation_bytes(model, torch.zeros(b, *shape)) for b in (1, 2))
        if not realistic(per_sample, ref_two - ref_one):
            # a measurement made up to fit an answer (the batch size, a constant) would grade nothing; a
            # fixed part counted wrongly (parameters included) is a mistake of saved_activation_bytes only
            raise AssertionError(
                f"largest_batch is graded with your saved_activation_bytes, which says each sample of {name} adds "
                f"{per_sample} bytes: far from what a sample saves for the backward. "
                "Fix saved_activation_bytes first (exercise above); largest_batch is then graded with it")
        for budget, entry in observed(probe.budgets(one, two), record["budgets"]):
            call = f"largest_batch on {name} with a budget of {budget} bytes"
            got = entry["got"]
            assert isinstance(got, int) and not isinstance(got, bool), f"{call} returned {got!r}; return an int"
            # What batch b saves, by your measurement of batches 1 and 2 (saved memory grows linearly with the
            # batch): judged at the batches the grader picks, not re-measured at the one the answer names
            right = (budget - fixed) // per_sample
            if got == right:
                continue
            if got > right or got < 1:
                raise AssertionError(
                    f"{call} returned {got}, but batch {got} saves {fixed + per_sample * got} bytes, more than the budget. "
                    "Return the largest batch that fits, not the first that does not")
            hint = ""
            if fixed > 0 and got == budget // (fixed + per_sample):
                hint = (" You divided the budget by the memory of batch 1, but part of it does not grow with the batch "
                        f"({fixed} bytes here): measure two batch sizes and fit memory = fixed + per_sample x batch")
            raise AssertionError(f"{call} returned {got}, but batch {got + 1} also fits "
                                 f"({fixed + per_sample * (got + 1)} bytes).{hint}")
        too_small = one - 1
        result = _value_error(record["too_small"], f"largest_batch on {name} with a budget of {too_small} bytes",
                              "not even batch 1 fits the budget")
        if not isinstance(result, Raised):
            raise AssertionError(
                f"largest_batch on {name} with a budget of {too_small} bytes (not even batch 1 fits) returned {result!r}; raise ValueError"
            )


# --------------------------------------------------------------------------- quiz

_QUIZ = {  # question: (right letter, hint, {wrong letter: why that choice is wrong}); no hint may give the answer away
    "q1": ("c", "Lecture 3, section 1: under DDP, does a DataLoader's batch_size count the samples of one process "
                "or of the whole job? Then: how many samples does one optimizer step use with 4 processes?",
           {"a": "With batch_size=256 in each of the 4 processes, how many samples would one optimizer step use? "
                 "Compare with the global batch you want.",
            "b": "With 64 in each of the 4 processes, one optimizer step uses the samples of all 4 DataLoaders: "
                 "more than the single-GPU step did.",
            "d": "Your answer is the number of GPUs: with batch_size=4 per process, one step would see far fewer "
                 "samples than on one GPU."}),
    "q2": ("d", "Lecture 3, section 2 (the linear scaling rule, Goyal et al.): first find the global batch on "
                "8 GPUs, each DataLoader yielding 64, then scale the learning rate in proportion to the global batch.",
           {"a": "Keeping the learning rate ignores the scaling rule: the global batch has grown, so the learning "
                 "rate changes with it.",
            "b": "Your answer divides the learning rate, but the global batch got larger, not smaller.",
            "c": "Your answer scales with the square root of the batch's growth, a rule common with Adam-type "
                 "optimizers and not wrong in general; the question asks for the linear rule (SGD)."}),
    "q3": ("b", "Lecture 3, section 3 (gradient accumulation and no_sync()): what does a backward skip inside "
                "no_sync(), and what does the backward outside it do?",
           {"a": "With no all-reduce at all the ranks' gradients would never be averaged and the replicas would drift "
                 "apart: look at what the backward outside no_sync() does.",
            "c": "Your answer counts the backward calls inside no_sync(): that context manager is there to skip "
                 "something, not to start it.",
            "d": "Your answer counts an all-reduce for every backward: then no_sync() would change nothing."}),
    "q4": ("a", "Lecture 3, the section on uneven data (unequal numbers of batches): every backward under DDP "
                "starts an all-reduce that every rank must join. Follow both ranks step by step: what happens once "
                "rank 0 has run out of batches?",
           {"b": "Gradient shapes do not depend on how many batches a rank has: nothing is compared when a backward starts.",
            "c": "Under DDP no rank trains on its own: each backward starts a collective that every rank must join. "
                 "What happens to a collective that one rank never joins?",
            "d": "DDP never sees the DataLoader, so it cannot know how many batches each rank has: skipping or "
                 "shadowing batches is what join() is for, and it is not used here."}),
    "q5": ("d", "Lecture 3, the section on uneven data (unequal batch sizes): write down what each rank's "
                "backward computes (the gradient of the mean over its own samples) and what DDP does with the "
                "results, then work out the weight one sample of each rank gets in the final gradient.",
           {"a": "For that, DDP would have to weight each rank by its number of samples, and it never learns them: "
                 "only gradients are all-reduced.",
            "b": "Look at what DDP does after its all-reduce has summed the gradients (lecture 2, section 4): the "
                 "result is not left as a sum.",
            "c": "Unequal batch sizes do not raise: DDP all-reduces gradients, whose shapes do not depend on the batch size."}),
    "q6": ("b", "Lecture 3, section 5 (the largest batch that fits): activation memory is a fixed part plus a part "
                "proportional to the batch. Find both from the two measurements, then solve for the batch that fills 4 MB.",
           {"a": "Your answer grows the memory in proportion to the batch from batch 8, but doubling the batch from "
                 "8 to 16 did not double the memory: part of it is fixed.",
            "c": "Your answer spends the whole 4 MB on the per-sample part: the fixed part is paid first.",
            "d": "Check your answer with your formula: it must give 1.0 MB at batch 8 and 1.5 MB at batch 16 before "
                 "you solve it for 4 MB."}),
}


def judge_quiz(observation) -> None:
    """Grade one quiz answer; the hint says why when it is wrong."""
    judge_choice(_QUIZ, observation)
