"""Judges of problem set 5 (overlapped DDP, gradient buckets, tensor parallelism, ZeRO-1, choosing a layout,
mixed precision). Never released.

`probes.ps5_scale` runs the student's code on real ranks (2 and 4) and reports what it did; each
`judge_<name>` here rebuilds the same inputs from the probe's builders, computes the single-process
references and decides:

- after every SGD step the parameters of every rank must equal one process on the global batch;
- the method: one all-reduce per parameter (exercise 1) or per bucket (exercise 2, buckets formed in
  reverse order up to the cap), each issued inside the backward pass (the first before the last
  gradient is ready when there are several) and waited on only after the backward pass returned;
- tensor parallelism: outputs, the input gradient and every shard's gradient equal the unsplit block
  (sliced), one all-reduce in the forward and one in the backward, each rank holding 1/n of the split
  weights;
- choosing a layout: lecture 5's layout_costs (section 4) replayed on every case, each usual mistake replayed to
  name it; the choice against the reference costs, or against the student's own where those are off;
- mixed precision: ZeRO's bytes per parameter, and a reference loss-scaling loop (each usual mistake replayed).

Each failure raises an AssertionError whose message names the mistake in the student's words.
"""

from __future__ import annotations

import copy
import math
import numbers

import torch
import torch.nn as nn
import torch.nn.functional as F

from autograders.common import judge_choice, observed, off, rank_seeds, same_shape_close, tensors_close
from probes import ps5_scale as probe
from probes.wire import type_name


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
    opt = torch.optim.Adam(model.parameters(), lr=t["lr"], eps=t["eps"])
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
                                 "plain Adam on one process (the same gradients, the keyword arguments given: lr and eps). A rank's gradients are "
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


# --------------------------------------------------------------------------- exercise 5: choosing a layout

#: Bytes per parameter of weights, gradients and optimizer state (ZeRO section 3.1), as lecture 5 section 4.
_BYTES = {"fp32 Adam": (4, 4, 8), "mixed-precision Adam": (2, 2, 12)}
_QUANTITIES = ("memory", "sent", "seconds")

#: The usual mistakes, each a variant of the reference, and what to tell a student whose numbers match it.
_COST_MISTAKES = {
    "dp_once": "a ring all-reduce is a reduce-scatter and then an all-gather: each device sends 2(N - 1)/N of the "
               "payload, not (N - 1)/N (you counted the all-reduce once)",
    "no_ring": "in a ring each device sends only (N - 1)/N of each reduce-scatter's or all-gather's payload "
               "(you left out the ring's (N - 1)/N)",
    "zero1_grads_sharded": "ZeRO-1 shards only the optimizer state: the gradients stay whole on every device",
    "zero2_grads_whole": "ZeRO-2 shards the gradients as well as the optimizer state",
    "zero3_weights_whole": "ZeRO-3 shards the weights too: every model state is divided over the N devices "
                           "(you kept the whole weights on every device)",
    "zero3_like_dp": "ZeRO-3 all-gathers the weights twice (in forward and again in backward) and reduce-scatters the "
                     "gradients once: 1.5 times what DP sends, not the same",
    "tp_one_layer": "tensor parallelism all-reduces the activations in every layer: multiply by the number of layers",
    "tp_two": "a transformer layer has two tensor-parallel blocks (attention and MLP), each with one all-reduce forward "
              "and one backward: 4 per layer, not 2",
    "pp_once": "a pipeline stage sends the activations at its boundary forward and their gradient backward: count "
               "the boundary's bytes twice",
    "no_activations": "the memory per device includes the activations (the model's activation bytes a sequence, "
                      "times the batch, divided over the N devices)",
    "activations_whole": "the activations are divided over the N devices in every layout (each holds b/N sequences, "
                         "or 1/N of every layer's or of the layers)",
    "fp32_activations_16bit": "the description's activation bytes are 16-bit: in fp32 they take twice as many",
    "always_in_node": "when the N devices do not fit in one node (N > per_node), the traffic crosses the network: "
                      "use the bandwidth between nodes",
    "always_between": "when all N devices sit in one node (N <= per_node), use the node's own links",
    "no_bubble": "the pipeline's time includes its bubble: (N - 1)/m of the compute time, with m = b micro-batches",
    "boundary_bytes_fp32": "the activations crossing a boundary take 2 bytes an element in mixed precision and 4 in "
                           "fp32",
}


def _costs(model, cluster, precision, mistake: str | None = None) -> dict:
    """{layout: {"memory", "sent", "seconds"}}: lecture 5's layout_costs (section 4), or one mistake in it."""
    P, L, h, seqs = model["params"], model["layers"], model["hidden"], model["batch"]
    tokens = seqs * model["seq"]
    N = cluster["devices"]
    w, g, k = _BYTES[precision]
    act = 2 if precision.startswith("mixed") else 4
    crossing = (2 if act == 4 else 4) if mistake == "boundary_bytes_fp32" else act  # bytes of a boundary's activation
    activations = model["activation_bytes_per_seq"] * seqs / N * (act / 2 if mistake != "fp32_activations_16bit" else 1)
    if mistake == "no_activations":
        activations = 0
    elif mistake == "activations_whole":
        activations *= N
    ring = (N - 1) / N if mistake != "no_ring" else 1
    in_node = N <= cluster["per_node"]
    if mistake == "always_in_node":
        in_node = True
    elif mistake == "always_between":
        in_node = False
    link = cluster["in_node"] if in_node else cluster["between_nodes"]
    compute = 6 * P * tokens / (N * cluster["flops"])
    boundary = tokens * h * crossing
    allreduce = 2 * ring if mistake != "dp_once" else ring  # bytes a device sends per byte all-reduced
    table = {
        "DP": ((w + g + k) * P, allreduce * g * P),
        "ZeRO-1": ((w + g) * P + k * P / N, ring * (g + w) * P),
        "ZeRO-2": (w * P + (g + k) * P / N, ring * (g + w) * P),
        "ZeRO-3": ((w + g + k) * P / N, ring * (2 * w + g) * P),
        "TP": ((w + g + k) * P / N, (4 if mistake != "tp_two" else 2) * (L if mistake != "tp_one_layer" else 1)
               * allreduce * boundary),
        "PP": ((w + g + k) * P / N, (2 if mistake != "pp_once" else 1) * boundary),
    }
    if mistake == "zero1_grads_sharded":
        table["ZeRO-1"] = (w * P + (g + k) * P / N, table["ZeRO-1"][1])
    elif mistake == "zero2_grads_whole":
        table["ZeRO-2"] = ((w + g) * P + k * P / N, table["ZeRO-2"][1])
    elif mistake == "zero3_weights_whole":
        table["ZeRO-3"] = (w * P + (g + k) * P / N, table["ZeRO-3"][1])
    elif mistake == "zero3_like_dp":
        table["ZeRO-3"] = (table["ZeRO-3"][0], ring * 2 * g * P)
    out = {}
    for name, (state, sent) in table.items():
        bubble = (N - 1) / seqs * compute if name == "PP" and mistake != "no_bubble" else 0.0
        out[name] = {"memory": state + activations, "sent": sent, "seconds": sent / link + bubble}
    return out


def _number(x) -> bool:
    return isinstance(x, numbers.Real) and not isinstance(x, bool) and math.isfinite(x)


def _close(got, right) -> bool:
    return _number(got) and math.isclose(got, right, rel_tol=1e-6, abs_tol=1e-9)


def _describe_case(model, cluster, precision) -> str:
    return (f"{model['name']} ({model['params']:,} parameters, {model['layers']} layers of width {model['hidden']}, "
            f"{model['batch']} sequences of {model['seq']}) on {cluster['name']} ({cluster['devices']} devices, "
            f"{cluster['per_node']} a node, {cluster['memory'] / 1e9:g} GB each), {precision}")


def _layout_cases(observation) -> list:
    """The published cases and the ones drawn for this grading (checked to be well formed)."""
    drawn = observation["drawn"]
    if not isinstance(drawn, list) or len(drawn) != probe.DRAWN_LAYOUT_CASES:
        raise AssertionError("layout_costs: the drawn cases are missing from the observation: the grading code was changed")
    cases = list(probe.layout_cases())
    model_keys = ("name", "params", "layers", "hidden", "seq", "batch", "activation_bytes_per_seq")
    cluster_keys = ("name", "devices", "per_node", "memory", "in_node", "between_nodes", "flops")
    for case in drawn:
        if not (isinstance(case, list) and len(case) == 3 and isinstance(case[0], dict) and isinstance(case[1], dict)
                and case[2] in probe.PRECISIONS and all(k in case[0] for k in model_keys)
                and all(k in case[1] for k in cluster_keys)
                and all(_number(case[0][k]) for k in model_keys[1:]) and all(_number(case[1][k]) for k in cluster_keys[1:])
                and case[1]["devices"] >= 1 and case[0]["batch"] >= 1):
            raise AssertionError("layout_costs: a drawn case is malformed: the grading code was changed")
        cases.append(tuple(case))
    return cases


def _costs_table_problem(got) -> str | None:
    """Why `got` is not a {layout: {quantity: number}} table, or None."""
    if not isinstance(got, dict):
        return f"returned {type_name(got)}, not a dict {{layout: {{'memory': ..., 'sent': ..., 'seconds': ...}}}}"
    missing = [name for name in probe.LAYOUTS if name not in got]
    if missing:
        return f"returned no entry for {missing}: the keys are the six names of LAYOUTS"
    for name in probe.LAYOUTS:
        entry = got[name]
        if not isinstance(entry, dict) or any(q not in entry for q in _QUANTITIES):
            return f"[{name!r}] is not a dict with the keys 'memory', 'sent' and 'seconds'"
        for q in _QUANTITIES:
            if not _number(entry[q]):
                return f"[{name!r}][{q!r}] is {entry[q]!r}, not a finite number"
    return None


def _cost_mistake(table, model, cluster, precision, name: str, quantity: str, right) -> str:
    """The mistake whose numbers the student's value matches, or the lecture's rule for this layout. Several mistakes
    can give the same value (half TP's bytes: the all-reduce counted once, 2 all-reduces a layer, 2-byte boundaries in
    fp32): the one that matches every number of the student's table judged so far (this quantity and the ones before
    it, every layout) is named first."""
    got, upto = table[name][quantity], _QUANTITIES[:_QUANTITIES.index(quantity) + 1]
    matches = []
    for mistake, hint in _COST_MISTAKES.items():
        wrong = _costs(model, cluster, precision, mistake)
        if not math.isclose(wrong[name][quantity], right, rel_tol=1e-6, abs_tol=1e-9) and _close(got, wrong[name][quantity]):
            if all(_close(table[n][q], wrong[n][q]) for q in upto for n in probe.LAYOUTS):
                return hint
            matches.append(hint)
    if matches:
        return matches[0]
    if quantity == "seconds":
        return ("the time is the bytes sent divided by the bandwidth of the link they cross (the node's links when all "
                "N devices fit in one node, else the network), plus the bubble for PP")
    return f"see the row of {name} in lecture 5's table (section 4) and the assumptions under it"


def judge_layout_costs_match(observation) -> None:
    """layout_costs: every layout's memory, bytes sent and seconds on the published and the drawn cases."""
    cases = _layout_cases(observation)
    for (model, gpus, precision), result in observed(cases, observation["costs"]):
        call = f"layout_costs for {_describe_case(model, gpus, precision)}"
        if "raised" in result:
            raise AssertionError(f"{call} raised {result['raised'].name}: {result['raised'].message}")
        got = result["returned"]
        problem = _costs_table_problem(got)
        if problem:
            raise AssertionError(f"{call} {problem}")
        right = _costs(model, gpus, precision)
        for quantity in _QUANTITIES:  # memory first, then bytes, then time (which follows from the bytes)
            for name in probe.LAYOUTS:
                if _close(got[name][quantity], right[name][quantity]):
                    continue
                hint = _cost_mistake(got, model, gpus, precision, name, quantity, right[name][quantity])
                raise AssertionError(f"{call}: [{name!r}][{quantity!r}] {off(got[name][quantity], right[name][quantity])}: "
                                     f"{hint}")


def _pick(costs: dict, memory: float, rule: str = "right"):
    """The layout a rule picks from a costs table: the right one (fits, least seconds, ties to the earlier) or a
    usual mistake."""
    fitting = [name for name in probe.LAYOUTS if costs[name]["memory"] <= memory]
    if rule == "ignores_fit":
        fitting = list(probe.LAYOUTS)
    if not fitting:
        return None
    if rule == "first_fitting":
        return fitting[0]
    key = {"by_memory": "memory", "by_bytes": "sent"}.get(rule, "seconds")
    best = min(costs[name][key] for name in fitting)
    tied = [name for name in fitting if math.isclose(costs[name][key], best, rel_tol=1e-9, abs_tol=1e-12)]
    return tied[-1] if rule == "last_of_ties" else tied[0]


_CHOICE_MISTAKES = {
    "ignores_fit": "does not fit in a device's memory: choose only among the layouts that fit",
    "by_memory": "you chose the layout that needs the least memory; among the layouts that fit, choose the one that "
                 "loses the least time (communication and bubble): sharding memory no one needs costs communication",
    "by_bytes": "you chose by bytes sent; choose by the time lost, which counts the link's bandwidth and the "
                "pipeline's bubble",
    "first_fitting": "you took the first layout that fits; among those that fit, take the one that loses the least time",
    "last_of_ties": "a tie goes to the earlier layout in LAYOUTS (the simpler one)",
}


def judge_layout_choice(observation) -> None:
    """choose_layout: the layout that fits and loses the least time (ties to the earlier), or None. Its notebook's
    layout_costs answered each case with a table drawn for this grading (probe.stand_in_tables, made by the
    observer): the choice is right if it is the pick from that table, or, for a choose_layout that computes its own
    costs, from the reference costs. So a mistake in layout_costs costs the costs cell only, and a made-up table earns
    nothing (round 17: costs within a factor of 1,000 of the reference, equal for every layout, made a constant "DP"
    right "by the student's own numbers")."""
    cases = _layout_cases(observation)
    tables = [table for _, table in observed(cases, observation["tables"])]
    wrong = []  # (call, choice, table, memory, note) of each case answered with a layout that fits but is not the best
    for ((model, gpus, precision), result), table in zip(observed(cases, observation["choice"]), tables):
        if _costs_table_problem(table) is not None:
            raise AssertionError("choose_layout: the drawn costs tables are missing from the observation: the grading "
                                 "code was changed")
        call = f"choose_layout for {_describe_case(model, gpus, precision)}"
        if "raised" in result:
            raise AssertionError(f"{call} raised {result['raised'].name}: {result['raised'].message}")
        got = result["returned"]
        if got is not None and got not in probe.LAYOUTS:
            raise AssertionError(f"{call} returned {got!r}: return one of the names in LAYOUTS, or None when none fits")
        memory = gpus["memory"]
        reference = _pick(_costs(model, gpus, precision), memory)
        if result.get("own") is True:  # it raised on the drawn table (it reads keys of its own): the reference costs
            table, right, yours = _costs(model, gpus, precision), reference, ""
        else:
            right, yours = _pick(table, memory), " (judged on the costs layout_costs returned for this case)"
        if got in (right, reference):
            continue
        if right is None and got is not None:
            raise AssertionError(f"{call} returned {got!r}, which does not fit in a device's memory (no layout "
                                 f"does{yours}): return None then")
        if got is None:
            raise AssertionError(f"{call} returned None, but at least one layout fits{yours}: None is only for a model "
                                 "that fits in no layout")
        if table[got]["memory"] > memory:
            raise AssertionError(f"{call}: {got} {_CHOICE_MISTAKES['ignores_fit']}{yours}")
        wrong.append((call, got, table, memory, yours))
    if not wrong:
        return
    # The rule that explains every wrong choice names the mistake: on one drawn table two rules often pick the same
    # layout (the least memory is also the fewest bytes), so the first wrong case alone could name the wrong one.
    rules = [rule for rule in _CHOICE_MISTAKES if rule != "ignores_fit"]
    everywhere = [rule for rule in rules if all(got == _pick(table, memory, rule) for _, got, table, memory, _ in wrong)]
    call, got, table, memory, yours = wrong[0]
    for rule in everywhere + rules:
        if got == _pick(table, memory, rule):
            raise AssertionError(f"{call}: you chose {got}{yours}: {_CHOICE_MISTAKES[rule]}")
    raise AssertionError(f"{call}: {got} is not the layout that fits and loses the least time{yours} (ties go to "
                         "the earlier layout in LAYOUTS)")


# --------------------------------------------------------------------------- exercise 6: mixed precision

#: Bytes a parameter of model states: weights, gradients, fp32 master weights, Adam's two moments (ZeRO section 3.1:
#: 2 + 2 + K with K = 12 for mixed precision; lecture 5 section 5).
_PARTS = ("weights", "gradients", "master_weights", "adam_moments")
_PER_PARAMETER = {"fp32": (4, 4, 0, 8), "fp16": (2, 2, 4, 8), "bf16": (2, 2, 4, 8)}


def _bytes_hint(precision: str, part: str, got) -> str:
    if precision == "bf16" and part == "master_weights" and got == 0:
        return ("bf16 training keeps fp32 master weights too (lecture 5, section 5): with 7 mantissa bits, a small update "
                "added to a bf16 weight rounds away (there, 1.0 + 1e-3 stays 1.0 in bf16). bf16 saves the loss scaling, "
                "not the master copy")
    if precision == "fp32" and part == "master_weights":
        return "in fp32 training the weights are fp32 already: there is no separate master copy"
    if part == "adam_moments" and precision != "fp32" and got in (2, 4):
        return "Adam's two moments stay fp32 in mixed precision (they belong to the optimizer, with the master weights)"
    if part in ("weights", "gradients") and precision != "fp32" and got == 4:
        return (f"in mixed precision the model's {part} are 16-bit ({precision}); the fp32 copy is the master weights "
                "(the layout of Micikevicius et al. that ZeRO counts, not torch.amp's)")
    if part == "master_weights" and got == 2:
        return "the master weights are fp32"
    return ("count as the ZeRO paper does (section 3.1): 16-bit weights and gradients, then K bytes of optimizer "
            "state (fp32 master weights and Adam's two fp32 moments) in mixed precision; fp32 weights, gradients and "
            "moments in fp32")


def judge_bytes_per_parameter(observation) -> None:
    for precision, result in observed(probe.PRECISION_FORMATS, observation["results"]):
        call = f"bytes_per_parameter({precision!r})"
        if "raised" in result:
            raise AssertionError(f"{call} raised {result['raised'].name}: {result['raised'].message}")
        got = result["returned"]
        if not isinstance(got, dict) or any(p not in got for p in _PARTS):
            raise AssertionError(f"{call} returned {got!r}: a dict with the keys {list(_PARTS)}")
        for part, right in zip(_PARTS, _PER_PARAMETER[precision]):
            if not _close(got[part], right):
                raise AssertionError(f"{call}[{part!r}]: {off(got[part], right)}: {_bytes_hint(precision, part, got[part])}")


def _overflows(model, x, y, scale: float) -> bool:
    """Whether the gradients of model's loss on (x, y), scaled by `scale`, are not all finite (fp16 autocast)."""
    model.zero_grad()
    with torch.autocast("cpu", dtype=torch.float16):
        loss = F.mse_loss(model(x), y)
    (loss * scale).backward()
    overflowed = not all(bool(p.grad.isfinite().all()) for p in model.parameters())
    model.zero_grad()
    return overflowed


def _scaled_training(num_batches: int, mistake: str | None = None, seed: int | None = None,
                     margins: list | None = None):
    """The reference: fp16 autocast on CPU, dynamic loss scaling, unscale, skip on inf/nan and halve, clip, step,
    double after growth_interval good steps in a row. Returns (scales after each step, flat parameters). On the
    published inputs, or with `seed` on a drawn model (mp_model(seed)) and its batches (mp_batches(seed + 1)). With
    `margins`, a bool per step goes there: whether no rounding could change that step (it overflows, or does not,
    at a quarter and at four times its scale too; its gradients' norm is not within 1% of max_norm)."""
    t = probe.MP_TRAINING
    model = probe.mp_model() if seed is None else probe.mp_model(seed)
    batches = probe.mp_batches() if seed is None else probe.mp_batches(seed + 1)
    opt = torch.optim.SGD(model.parameters(), lr=t["lr"])
    scale, good, scales = t["init_scale"], 0, []
    for x, y in batches[:num_batches]:
        if margins is not None:
            probe_model = copy.deepcopy(model)
            steady = len({_overflows(probe_model, x, y, scale * f) for f in (0.25, 1.0, 4.0)}) == 1
        opt.zero_grad()
        with torch.autocast("cpu", dtype=torch.float16):
            loss = F.mse_loss(model(x), y)
        (loss * scale).backward()
        grads = [p.grad for p in model.parameters()]
        if mistake == "clip_before_unscale":
            nn.utils.clip_grad_norm_(model.parameters(), t["max_norm"])
        if mistake != "never_unscale":
            for gr in grads:
                gr.div_(scale)
        finite = all(bool(gr.isfinite().all()) for gr in grads)
        if finite or mistake == "no_skip":
            if mistake not in ("clip_before_unscale", "no_clip"):
                norm = float(nn.utils.clip_grad_norm_(model.parameters(), t["max_norm"]))
                if margins is not None and finite:
                    steady = steady and abs(norm - t["max_norm"]) > 0.01 * t["max_norm"]
            opt.step()
        if margins is not None:
            margins.append(steady)
        if finite:
            good += 1
            if good == t["growth_interval"] and mistake != "never_grow":
                scale, good = scale * 2, 0
        else:
            if mistake != "no_backoff":
                scale *= 0.5
            if mistake != "keeps_count":
                good = 0
        scales.append(scale)
    return scales, probe.flat(model.parameters())


_SCALING_MISTAKES = {
    "no_skip": "the step whose gradients overflowed (inf or nan after unscaling) was taken: skip the optimizer step "
               "when any gradient is not finite",
    "clip_before_unscale": "the clip measured the gradients while they were still multiplied by the scale: unscale "
                           "(divide by the scale) before clipping",
    "never_unscale": "the gradients were never divided by the scale before the step",
    "no_clip": "the gradients were not clipped to max_norm",
    "never_grow": "the scale never grows: double it after growth_interval good steps in a row",
    "no_backoff": "the scale was not halved after the step whose gradients overflowed",
    "keeps_count": "after an overflow the count of good steps starts again from 0: the scale grows only after "
                   "growth_interval good steps in a row",
}


def _scale_list(value):
    """The scales a run returned, as floats, or None if it is not a list of numbers."""
    if not isinstance(value, (list, tuple)):
        return None
    out = []
    for v in value:
        if isinstance(v, torch.Tensor) and v.numel() == 1:
            v = v.item()
        if not _number(v):
            return None
        out.append(float(v))
    return out


def judge_loss_scaling_matches_reference(observation) -> None:
    """train_with_loss_scaling on 1 .. MP_STEPS batches: the scale after every step and the parameters equal the
    reference (with a step whose gradients overflow and steps the clip shortens)."""
    runs = observation["runs"]
    if not isinstance(runs, list) or len(runs) != probe.MP_STEPS:
        raise AssertionError("train_with_loss_scaling: the observation does not hold every run: the grading code was "
                             "changed")
    for k, run in enumerate(runs, start=1):
        what = f"train_with_loss_scaling on the first {k} batch{'es' if k > 1 else ''}"
        step = f"step {k}" + (" (its gradients overflow fp16 at the current scale)" if k - 1 == probe.MP_OVERFLOW else "")
        if not isinstance(run, dict) or "params" not in run or not ("returned" in run or "raised" in run):
            raise AssertionError("train_with_loss_scaling: the observation is incomplete: the grading code was changed")
        if "raised" in run:
            raise AssertionError(f"{what} raised {run['raised'].name}: {run['raised'].message}")
        scales, params = _scale_list(run["returned"]), run["params"]
        right_scales, right_params = _scaled_training(k)
        if scales is None or len(scales) != k:
            raise AssertionError(f"{what} returned {run['returned']!r}: return a list of the {k} scales, the scale after "
                                 "each step's update")
        params_ok = same_shape_close(params, right_params, rtol=1e-3, atol=1e-5)
        if scales == right_scales and params_ok:
            continue
        for mistake, hint in _SCALING_MISTAKES.items():
            wrong_scales, wrong_params = _scaled_training(k, mistake)
            if (scales == wrong_scales and same_shape_close(params, wrong_params, rtol=1e-3, atol=1e-5)
                    and not (wrong_scales == right_scales and tensors_close(wrong_params, right_params, 1e-3, 1e-5))):
                raise AssertionError(f"{what}: after {step}: {hint}")
        if scales != right_scales:
            raise AssertionError(f"{what}: the scale after {step} is {off(scales[-1], right_scales[-1])}: start at "
                                 "init_scale, halve it after a step whose gradients overflow, double it after "
                                 "growth_interval good steps in a row")
        if not isinstance(params, torch.Tensor) or not bool(params.isfinite().all()):
            raise AssertionError(f"{what}: after {step} the parameters are not finite: a step whose gradients "
                                 "overflowed was taken. Skip the optimizer step when any gradient is inf or nan")
        raise AssertionError(f"{what}: after {step} the parameters differ from the reference: zero the gradients, "
                             "scale the loss, backward, unscale, skip on inf/nan, clip, step (lecture 5, section 5)")
    _judge_drawn_loss_scaling(observation.get("drawn"))


def _judge_drawn_loss_scaling(drawn) -> None:
    """The runs on models and batches drawn for this grading (probe.MP_DRAWS): each draw whose outcome no rounding
    can change (`_scaled_training`'s margins) must match the reference too. The published runs matched already."""
    t = probe.MP_TRAINING
    if not (isinstance(drawn, dict) and isinstance(drawn.get("seeds"), list) and isinstance(drawn.get("runs"), list)
            and len(drawn["seeds"]) == len(drawn["runs"]) == probe.MP_DRAWS
            and all(type(seed) is int and 0 <= seed < 2**31 for seed in drawn["seeds"])):
        raise AssertionError("train_with_loss_scaling: the drawn runs are missing from the observation: the grading "
                             "code was changed")
    for seed, run in zip(drawn["seeds"], drawn["runs"]):
        margins: list = []
        right_scales, right_params = _scaled_training(probe.MP_STEPS, seed=seed, margins=margins)
        if not all(margins):
            continue  # some step of this draw is too near overflowing or near the clip for rounding not to matter
        what = (f"train_with_loss_scaling on a model and {probe.MP_STEPS} batches drawn for this grading "
                f"(probe.mp_model({seed}), probe.mp_batches({seed + 1}), max_norm={t['max_norm']}, "
                f"init_scale={t['init_scale']:g}, growth_interval={t['growth_interval']})")
        if not isinstance(run, dict) or "params" not in run or not ("returned" in run or "raised" in run):
            raise AssertionError("train_with_loss_scaling: the observation is incomplete: the grading code was changed")
        if "raised" in run:
            raise AssertionError(f"{what} raised {run['raised'].name}: {run['raised'].message}")
        scales = _scale_list(run["returned"])
        if scales is None or len(scales) != probe.MP_STEPS:
            raise AssertionError(f"{what} returned {run['returned']!r}: return a list of the {probe.MP_STEPS} scales")
        if scales != right_scales:
            k = next(i for i, (a, b) in enumerate(zip(scales, right_scales)) if a != b)
            raise AssertionError(f"{what}: the scale after step {k + 1} is {off(scales[k], right_scales[k])}, though the "
                                 "published runs matched: the scales and parameters must come from the training itself")
        if not same_shape_close(run["params"], right_params, rtol=1e-3, atol=1e-5):
            raise AssertionError(f"{what}: the parameters after the last step differ from the reference, though the "
                                 "published runs matched: the scales and parameters must come from the training itself")
