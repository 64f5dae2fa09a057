"""Judges of problem set 5 (overlapped DDP, gradient buckets, tensor parallelism). Never released.

`probes.ps5_scale` runs the student's code on real ranks (2 and 4) and reports what it did; each
`judge_<name>` here rebuilds the same inputs from the probe's builders, computes the single-process
references and decides:

- after every SGD step the parameters of every rank must equal one process on the global batch;
- the method: one all-reduce per parameter (exercise 1) or per bucket (exercise 2, buckets formed in
  reverse order up to the cap), each issued inside the backward pass (the first before the last
  gradient is ready when there are several) and waited on only after the backward pass returned;
- tensor parallelism: outputs, the input gradient and every shard's gradient equal the unsplit block
  (sliced), one all-reduce in the forward and one in the backward, each rank holding 1/n of the split
  weights.

Each failure raises an AssertionError whose message names the mistake in the student's words.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F

from autograders.common import judge_choice, rank_seeds, same_shape_close, tensors_close
from probes import ps5_scale as probe


def _runs(observation, cases, exercise: str) -> list:
    runs, error = observation["runs"], observation["error"]
    if not isinstance(runs, list) or len(runs) > len(cases):
        raise AssertionError(f"{exercise}: the observation holds more runs than cases: the grading code was changed")
    if error is None and len(runs) != len(cases):
        raise AssertionError(f"the observation holds {len(runs)} runs for {len(cases)} cases: the grading code was changed")
    for (world, _), run in zip(cases, runs):
        if not isinstance(run, list) or len(run) != world:
            raise AssertionError(f"{exercise}: the observation holds {len(run) if isinstance(run, list) else run!r} "
                                 f"ranks for {world}: the grading code was changed")
    return runs


def _seeds(observation, cases, exercise: str) -> list:
    """The seeds each run's ranks drew (one list per run that finished), checked."""
    seeds = observation.get("seeds")
    if not isinstance(seeds, list) or len(seeds) != len(observation["runs"]):
        raise AssertionError(f"{exercise}: the ranks' seeds are missing from the observation: the grading code was changed")
    return [rank_seeds(s, world, exercise) for (world, _), s in zip(cases, seeds)]


def _fail_if_error(observation) -> None:
    if observation["error"] is not None:
        raise AssertionError(str(observation["error"]))


# --------------------------------------------------------------------------- exercises 1 and 2


def _trajectory(seeds: list, grad_scale: float = 1.0, local_only: bool = False, rank: int = 0) -> list:
    """Flat parameters after each step of one process on the global batch of the ranks that drew `seeds`, from
    rank 0's starting weights (the usual mistakes as options)."""
    t = probe.TRAINING
    model = probe.net(seeds[0])
    opt = torch.optim.SGD(model.parameters(), lr=t["lr"])
    out = []
    for X, y in probe.global_batches(t["num_steps"], t["per_rank"], seeds):
        opt.zero_grad()
        if local_only:
            part = slice(rank * t["per_rank"], (rank + 1) * t["per_rank"])
            X, y = X[part], y[part]
        F.cross_entropy(model(X), y).backward()
        for p in model.parameters():
            p.grad.mul_(grad_scale)
        opt.step()
        out.append(probe.flat(model.parameters()))
    return out


def _steps(run, exercise: str) -> None:
    for r in run:
        if not isinstance(r.get("steps"), list) or len(r["steps"]) != probe.TRAINING["num_steps"]:
            raise AssertionError(f"{exercise}: the observation does not hold every step: the grading code was changed")


def _moment(m) -> bool:
    return isinstance(m, list) and len(m) == 2 and isinstance(m[0], int) and isinstance(m[1], bool)


def _check_training(observation, cases, exercise: str) -> None:
    runs = _runs(observation, cases, exercise)
    for (world, cap), run, seeds in zip(cases, runs, _seeds(observation, cases, exercise)):
        _steps(run, exercise)
        where = f"on {world} ranks" + (f" with bucket_size_bytes={cap}" if cap is not None else "")
        right = _trajectory(seeds)
        for step, want in enumerate(right):
            got = [r["steps"][step]["params"] for r in run]
            if all(same_shape_close(g, want) for g in got):
                continue
            starts = [r["start"] for r in run]
            if not all(same_shape_close(s, probe.flat(probe.net(seeds[0]).parameters())) for s in starts):
                raise AssertionError(
                    f"{exercise} {where}: after __init__ the ranks do not all hold rank 0's parameters (each rank starts "
                    "from its own random weights): broadcast rank 0's parameters to every rank in __init__")
            if not all(tensors_close(g, got[0]) for g in got[1:]):
                raise AssertionError(f"{exercise} {where}: after step {step + 1} the ranks hold different parameters: "
                                     "some gradient was not averaged over the ranks (an all-reduce not issued, or not "
                                     "waited on before the optimizer step)")
            if same_shape_close(got[0], _trajectory(seeds, grad_scale=world)[step]):
                raise AssertionError(
                    f"{exercise} {where}: the parameters moved {world}x too far: the gradients were summed over the ranks, "
                    f"not averaged. Divide each gradient by the world size after the all-reduce")
            if same_shape_close(got[0], _trajectory(seeds, local_only=True)[step]):
                raise AssertionError(f"{exercise} {where}: rank 0 trained on its own gradient only: the gradients were "
                                     "never all-reduced")
            raise AssertionError(f"{exercise} {where}: after step {step + 1} the parameters differ from one process "
                                 "training on the whole global batch with SGD (each .grad must be the mean over the ranks "
                                 "when finish_gradient_synchronization returns)")


def expected_buckets(cap, reverse: bool = True, overflow: bool = False) -> list:
    """Number of elements of each bucket, in the order they fill (None: one per parameter).

    overflow: the mistake of closing a bucket only once it has gone over the cap."""
    sizes = [p.numel() for p in probe.net(0).parameters()]
    order = list(reversed(sizes)) if reverse else sizes
    if cap is None:
        return order
    buckets, current, nbytes = [], [], 0
    for n in order:
        if not overflow and current and nbytes + 4 * n > cap:
            buckets.append(sum(current))
            current, nbytes = [], 0
        current.append(n)
        nbytes += 4 * n
        if overflow and nbytes >= cap:
            buckets.append(sum(current))
            current, nbytes = [], 0
    if current:
        buckets.append(sum(current))
    return buckets


def _check_method(observation, cases, exercise: str) -> None:
    runs = _runs(observation, cases, exercise)
    total = len(list(probe.net(0).parameters()))
    for (world, cap), run in zip(cases, runs):
        where = f"on {world} ranks" + (f" with bucket_size_bytes={cap}" if cap is not None else "")
        want = expected_buckets(cap)
        _steps(run, exercise)
        for rank, result in enumerate(run):
            for step, s in enumerate(result["steps"]):
                reduces = s["reduces"]
                if not all(_moment(e["issued"]) and (e["waited"] is None or _moment(e["waited"])) for e in reduces):
                    raise AssertionError(f"{exercise}: the observation of an all-reduce is incomplete: the grading code "
                                         "was changed")
                at = f"{exercise} {where}, rank {rank}, step {step + 1}"
                sizes = [e["numel"] for e in reduces]
                if sorted(sizes) != sorted(want):
                    if cap is not None and len(sizes) == len(want) and sorted(sizes) == sorted(expected_buckets(cap, False)):
                        raise AssertionError(
                            f"{at}: your buckets group the parameters in forward order (model.parameters() as listed). "
                            "Gradients become ready in reverse order during backward: fill the buckets from the last "
                            "parameter to the first")
                    if cap is not None and sorted(sizes) == sorted(expected_buckets(cap, overflow=True)):
                        raise AssertionError(
                            f"{at}: some of your buckets hold more than bucket_size_bytes: a bucket was closed only once "
                            "it had gone over the cap. Start a new bucket before adding a parameter that would take the "
                            "current one over it")
                    if len(sizes) == 0:
                        raise AssertionError(
                            f"{at}: no all-reduce was issued between the start of backward and the end of "
                            "finish_gradient_synchronization" + (
                                "; the first step had them, so the buckets never fill again after it (a bucket that "
                                "never fills: reset each bucket's count of ready gradients every step)" if step else ""))
                    if len(sizes) < len(want):
                        raise AssertionError(
                            f"{at}: {len(sizes)} all-reduces for {len(want)} "
                            + ("parameters: every parameter's gradient needs its own all-reduce, started by its hook" if cap is None
                               else "buckets: some bucket's all-reduce was never issued (a bucket that never fills: count "
                                    "its gradients as they arrive and reset the count every step)"))
                    if len(sizes) > len(want):
                        raise AssertionError(
                            f"{at}: {len(sizes)} all-reduces for {len(want)} "
                            + ("parameters: issue exactly one all-reduce per parameter per step" if cap is None
                               else "buckets: issue exactly one all-reduce per bucket per step (its gradients flattened "
                                    "into one tensor), not one per parameter"))
                    raise AssertionError(
                        f"{at}: the all-reduced tensors hold {sorted(sizes)} elements; " +
                        ("each must be one parameter's gradient" if cap is None else
                         "the buckets are not the parameters grouped in reverse order, a new bucket started when the "
                         "next parameter would take the bucket over bucket_size_bytes"))
                after = [e for e in reduces if e["issued"][1]]
                if after:
                    raise AssertionError(
                        f"{at}: {len(after)} of the {len(reduces)} all-reduces were issued after backward() returned "
                        "(in finish_gradient_synchronization): nothing overlapped the backward pass. Start each "
                        "all-reduce from a gradient hook as soon as its gradient (or its bucket) is ready")
                if len(want) > 1 and min(e["issued"][0] for e in reduces) >= total:
                    raise AssertionError(
                        f"{at}: every all-reduce was issued after the last gradient was ready: start each one as soon "
                        "as its own gradient (bucket) is ready, not when all of them are")
                never = [e for e in reduces if e["waited"] is None]
                if never:
                    raise AssertionError(
                        f"{at}: {len(never)} of the {len(reduces)} all-reduces were never waited on: keep each handle "
                        "(async_op=True) and call handle.wait() on every one in finish_gradient_synchronization, "
                        "or the optimizer may step on gradients still being reduced")
                early = [e for e in reduces if not e["waited"][1]]
                if early:
                    raise AssertionError(
                        f"{at}: {len(early)} all-reduces were waited on inside the backward pass (a blocking all_reduce "
                        "or handle.wait() in the hook): each one then finishes before the next gradient is computed, "
                        "and nothing overlaps. Use async_op=True and wait in finish_gradient_synchronization")


def judge_overlap_ddp_matches_reference(observation) -> None:
    _check_training(observation, probe.overlap_cases(), "OverlapDDP")
    _fail_if_error(observation)


def judge_overlap_ddp_overlaps(observation) -> None:
    _check_method(observation, probe.overlap_cases(), "OverlapDDP")
    _fail_if_error(observation)


def judge_bucketed_ddp_matches_reference(observation) -> None:
    _check_training(observation, probe.bucket_cases(), "BucketedDDP")
    _fail_if_error(observation)


def judge_bucketed_ddp_one_all_reduce_per_bucket(observation) -> None:
    _check_method(observation, probe.bucket_cases(), "BucketedDDP")
    _fail_if_error(observation)


# --------------------------------------------------------------------------- exercise 3


def judge_tp_operators(observation) -> None:
    cases = [(world, None) for world in probe.WORLD_SIZES]
    runs = _runs(observation, cases, "tensor-parallel operators")
    for world, run, seeds in zip(probe.WORLD_SIZES, runs, _seeds(observation, cases, "tensor-parallel operators")):
        inputs = [probe.operator_inputs(seed) for seed in seeds]
        xsum = sum(x for x, _ in inputs)
        gsum = sum(g for _, g in inputs)
        for rank, result in enumerate(run):
            x, g = inputs[rank]
            at = f"on {world} ranks, rank {rank}"
            c, r = result["copy"], result["reduce"]
            if not same_shape_close(c["forward"], x):
                if same_shape_close(c["forward"], xsum):
                    raise AssertionError(f"CopyToTensorParallel {at}: the forward pass all-reduced its input; f is the "
                                         "identity forward and all-reduces in backward (f and g swapped?)")
                raise AssertionError(f"CopyToTensorParallel {at}: the forward pass must return the input unchanged")
            if not same_shape_close(c["grad"], gsum):
                if same_shape_close(c["grad"], g):
                    raise AssertionError(f"CopyToTensorParallel {at}: the backward pass passed the gradient through "
                                         "unchanged; f must all-reduce (sum) the gradient over the ranks in backward")
                if same_shape_close(c["grad"], gsum / world):
                    raise AssertionError(f"CopyToTensorParallel {at}: the backward pass averaged the gradients; "
                                         "tensor parallelism sums the ranks' partial gradients")
                raise AssertionError(f"CopyToTensorParallel {at}: the input's gradient is not the sum of the ranks' "
                                     "gradients")
            if not same_shape_close(r["forward"], xsum):
                if same_shape_close(r["forward"], x):
                    raise AssertionError(f"ReduceFromTensorParallel {at}: the forward pass returned the input unchanged; "
                                         "g all-reduces (sums) in forward and is the identity in backward "
                                         "(f and g swapped?)")
                if same_shape_close(r["forward"], xsum / world):
                    raise AssertionError(f"ReduceFromTensorParallel {at}: the forward pass averaged over the ranks; "
                                         "the partial results of a row-parallel layer are summed")
                raise AssertionError(f"ReduceFromTensorParallel {at}: the forward pass must return the sum over the ranks")
            if not same_shape_close(r["grad"], g):
                if same_shape_close(r["grad"], gsum):
                    raise AssertionError(f"ReduceFromTensorParallel {at}: the backward pass all-reduced the gradient; "
                                         "g's backward is the identity (every rank already holds the full gradient)")
                raise AssertionError(f"ReduceFromTensorParallel {at}: the backward pass must return the gradient unchanged")
    _fail_if_error(observation)


def _mlp_reference(seeds: list):
    fc1, fc2, x, w = probe.mlp_layers(seeds)
    x = x.clone().requires_grad_(True)
    out = fc2(F.gelu(fc1(x)))
    (out * w).sum().backward()
    return fc1, fc2, x, out.detach()


def _shards(fc1, fc2, rank: int, world: int) -> dict:
    h = fc1.out_features // world
    rows, cols = slice(rank * h, (rank + 1) * h), slice(rank * h, (rank + 1) * h)
    return {"fc1.weight": (fc1.weight[rows], fc1.weight.grad[rows]), "fc1.bias": (fc1.bias[rows], fc1.bias.grad[rows]),
            "fc2.weight": (fc2.weight[:, cols], fc2.weight.grad[:, cols]), "fc2.bias": (fc2.bias, fc2.bias.grad)}


_HOW = {"fc1.weight": "rows (output features) of fc1.weight", "fc1.bias": "the same slice of fc1.bias",
        "fc2.weight": "columns (input features) of fc2.weight", "fc2.bias": "the whole fc2.bias"}


def judge_tp_mlp_matches_reference(observation) -> None:
    cases = [(world, None) for world in probe.WORLD_SIZES]
    runs = _runs(observation, cases, "TensorParallelMLP")
    for world, run, seeds in zip(probe.WORLD_SIZES, runs, _seeds(observation, cases, "TensorParallelMLP")):
        fc1, fc2, x, out = _mlp_reference(seeds)
        for rank, result in enumerate(run):
            at = f"TensorParallelMLP on {world} ranks, rank {rank}"
            shards = _shards(fc1, fc2, rank, world)
            for name, (value, _) in shards.items():
                got = result["tensors"][name]["value"]
                if not same_shape_close(got, value.detach()):
                    shape = tuple(got.shape) if isinstance(got, torch.Tensor) else got
                    raise AssertionError(f"{at}: self.{name} (shape {shape}) is not this rank's block: rank r keeps "
                                         f"block r of the {_HOW[name]}")
            if not same_shape_close(result["out"], out, atol=1e-5):
                if same_shape_close(result["out"], out + (world - 1) * fc2.bias.detach(), atol=1e-5):
                    raise AssertionError(f"{at}: the output holds fc2's bias {world} times: add the bias once, after "
                                         "the all-reduce, not on every rank before it")
                raise AssertionError(f"{at}: the output differs from the unsplit fc2(gelu(fc1(x)))")
            if not same_shape_close(result["x_grad"], x.grad, atol=1e-5):
                raise AssertionError(f"{at}: the input's gradient differs from the unsplit block's: each rank computes "
                                     "only its part of it, and f (CopyToTensorParallel) must sum the parts in backward")
            for name, (_, grad) in shards.items():
                got = result["tensors"][name]["grad"]
                if not same_shape_close(got, grad, atol=1e-5):
                    raise AssertionError(f"{at}: the gradient of self.{name} differs from the same block of the unsplit "
                                         "layer's gradient")
    _fail_if_error(observation)


def judge_tp_mlp_communication(observation) -> None:
    cases = [(world, None) for world in probe.WORLD_SIZES]
    runs = _runs(observation, cases, "TensorParallelMLP")
    d, h, o = probe.MLP_SIZES
    for world, run in zip(probe.WORLD_SIZES, runs):
        for rank, result in enumerate(run):
            at = f"TensorParallelMLP on {world} ranks, rank {rank}"
            for what, sizes, right, carries, which in (
                    ("forward", result["forward_reduces"], probe.MLP_BATCH * o, "the row-parallel layer's partial output",
                     "g, after the row-parallel layer"),
                    ("backward", result["backward_reduces"], probe.MLP_BATCH * d, "the input's partial gradient",
                     "f's backward, before the column-parallel layer")):
                if not isinstance(sizes, list) or not all(isinstance(n, int) for n in sizes):
                    raise AssertionError("TensorParallelMLP: the observation is incomplete: the grading code was changed")
                if len(sizes) != 1:
                    raise AssertionError(f"{at}: {len(sizes)} all-reduces in the {what} pass; a Megatron MLP block needs "
                                         f"exactly one ({which})")
                if sizes[0] != right:
                    raise AssertionError(f"{at}: the {what} pass's all-reduce carries {sizes[0]:,} element{'s' if sizes[0] != 1 else ''}; it must carry "
                                         f"{carries} ({right:,} elements here), the only thing the ranks must add up")
            held, right = result["held"], (d * h + h + h * o) // world + o
            if held != right:
                raise AssertionError(f"{at}: the block holds {held:,} parameter elements on this rank; each rank must hold "
                                     f"1/{world} of fc1 (weight and bias) and of fc2.weight, plus fc2.bias, and nothing "
                                     "else (keep no full copy of the layers)")
    _fail_if_error(observation)


# --------------------------------------------------------------------------- exercise 4: ZeRO-1


owners = probe.zero_owners


def _adam_trajectory(seeds: list) -> list:
    """Plain Adam on one process over the global batch of the ranks whose seeds are `seeds`."""
    t = probe.ZERO_TRAINING
    model = probe.zero_net(seeds[0])
    opt = torch.optim.Adam(model.parameters(), lr=t["lr"])
    parts = [probe.zero_batches(s, t["num_steps"], t["per_rank"]) for s in seeds]
    out = []
    for step in range(t["num_steps"]):
        X = torch.cat([part[step][0] for part in parts])
        y = torch.cat([part[step][1] for part in parts])
        opt.zero_grad()
        F.mse_loss(model(X), y).backward()
        opt.step()
        out.append(probe.flat(model.parameters()))
    return out


def judge_zero1_matches_adam(observation) -> None:
    cases = [(world, None) for world in probe.WORLD_SIZES]
    runs = _runs(observation, cases, "ShardedOptimizer")
    seeds = _seeds(observation, cases, "ShardedOptimizer")
    for world, run, drawn in zip(probe.WORLD_SIZES, runs, seeds):
        right = _adam_trajectory(drawn)
        for rank, steps in enumerate(run):
            if not isinstance(steps, list) or len(steps) != len(right):
                raise AssertionError("ShardedOptimizer: the observation does not hold every step: the grading code was changed")
        for step, want in enumerate(right):
            got = [steps[step] for steps in run]
            if all(same_shape_close(g, want, atol=1e-5) for g in got):
                continue
            if not all(tensors_close(g, got[0]) for g in got[1:]):
                raise AssertionError(
                    f"ShardedOptimizer on {world} ranks: after step {step + 1} the ranks hold different parameters: each "
                    "rank steps only its shard, so every updated parameter must then be sent from the rank that owns it "
                    "to all the others (broadcast from its owner, or an all-gather)")
            raise AssertionError(f"ShardedOptimizer on {world} ranks: after step {step + 1} the parameters differ from "
                                 "plain Adam on one process (the same gradients, the same lr). A rank's gradients are "
                                 "only trusted for its own shard: is each parameter stepped by the rank the exercise "
                                 "assigns it (contiguous blocks, the first P % n ranks one more), and then taken from "
                                 "that owner?")
    _fail_if_error(observation)


def judge_zero1_state_sharded(observation) -> None:
    cases = [(world, None) for world in probe.WORLD_SIZES]
    runs = _runs(observation, cases, "ShardedOptimizer")
    _seeds(observation, cases, "ShardedOptimizer")
    params = list(probe.zero_net(0).parameters())
    for world, run in zip(probe.WORLD_SIZES, runs):
        own = owners(len(params), world)
        for rank, held in enumerate(run):
            at = f"ShardedOptimizer on {world} ranks, rank {rank}"
            if held is None:
                raise AssertionError(f"{at}: no torch.optim optimizer steps the model's parameters: build the inner "
                                     "optimizer from the class given, on this rank's shard")
            if not isinstance(held, list) or not all(isinstance(h, list) and len(h) == 2 for h in held):
                raise AssertionError("ShardedOptimizer: the observation is incomplete: the grading code was changed")
            got = {i: b for i, b in held}
            mine = {i for i, r in enumerate(own) if r == rank}
            if -1 in got:
                raise AssertionError(f"{at}: the optimizer holds state for tensors that are not the model's parameters")
            if set(got) >= set(range(len(params))) and world > 1:
                raise AssertionError(f"{at}: this rank holds optimizer state for every parameter: every rank stepped "
                                     "every parameter. Give the inner optimizer only this rank's shard")
            if set(got) != mine:
                raise AssertionError(
                    f"{at}: this rank holds state for parameters {sorted(got)}; the shards are contiguous blocks of the "
                    f"parameter list, the first (number of parameters % world size) ranks one parameter more "
                    "(a shard boundary off by one?)")
            for i in mine:
                if got[i] != 2 * params[i].numel() * 4:
                    raise AssertionError(f"{at}: parameter {i}'s Adam state holds {got[i]:,} bytes; use the optimizer "
                                         "class given, on the parameter itself")
    _fail_if_error(observation)


# --------------------------------------------------------------------------- quiz

_QUIZ = {
    "q1": ("c", "think about the order in which autograd produces the gradients (lecture 5, section 1) and which "
                "bucket can start first",
           {"a": "A bucket of the first layer's parameters is ready only at the very end of backward."}),
    "q2": ("b", "count the collectives of a Megatron MLP block in each pass (Megatron-LM, section 3; lecture 5)",
           {"d": "The backward pass needs one too: each rank holds only its part of the input's gradient.",
            "a": "The row-parallel layer leaves each rank a partial sum of the output."}),
    "q3": ("d", "write down what the optimizer keeps per parameter for Adam, and which of those ZeRO stage 1 "
                "partitions (ZeRO, section 5; lecture 5)",
           {"a": "That divides every model state by the number of GPUs, which is what stage 3 partitions.",
            "b": "That is plain data parallelism: every GPU keeps every state.",
            "c": "That partitions the gradients too, which is stage 2."}),
}


def judge_quiz(observation) -> None:
    """Grade one quiz answer; the hint says why when it is wrong."""
    judge_choice(_QUIZ, observation)
