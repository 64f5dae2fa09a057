"""Judges of problem set 2 (DistributedDataParallel). Never released, never in the student's kernel.

`probes.ps2_ddp` runs the student's code on real ranks (2 and 4, gloo on CPU or NCCL when there are
enough GPUs) and reports what it did; each `judge_<name>` here rebuilds the same inputs from the
probe's builders, computes the single-process references and decides, in the manner of the strongest
systems courses:

- ranks are seeded differently, so only a real broadcast from rank 0 makes their weights agree;
- after every optimizer step the parameters must be identical on all ranks and allclose to one
  process training on the whole (global) batch (which torch's DDP also matches, to float tolerance);
- shards must be disjoint and complete for data set sizes that do not divide evenly, and change
  with the epoch;
- checkpoints are written by rank 0 only and load with strict=True into a bare model.

Each failure raises an AssertionError whose message names the mistake (summed gradients, no
broadcast, no set_epoch, global batch per rank, `module.` keys...), because the student reads it in
their feedback. A mistake found on one rank reads as it did when the check ran inside the ranks:
"<exercise> (rank r of N): ...".
"""

from __future__ import annotations

import math

import torch
import torch.nn.functional as F

from autograders.common import judge_choice, off, on_rank_error, rank_seeds, same_shape_close, tensors_close
from probes import ps2_ddp as probe
from probes.wire import Raised, type_name

WORLD_SIZES = probe.WORLD_SIZES


# --------------------------------------------------------------------------- shared pieces






def _ratio(actual: torch.Tensor, expected: torch.Tensor) -> float:
    den = expected.double().abs().sum().item()
    return actual.double().abs().sum().item() / den if den else float("nan")




def _worlds(observation, exercise: str):
    """(world, per-rank results) for each world size the probe ran, then the crash or hang that stopped it."""
    runs, error = observation["runs"], observation["error"]
    for world, per_rank in zip(WORLD_SIZES, runs):
        if not isinstance(per_rank, list) or len(per_rank) != world:
            raise AssertionError(f"{exercise}: the observation of {world} ranks is incomplete: the grading code was changed")
        yield world, per_rank
    if error is not None:
        raise AssertionError(str(error))
    if len(runs) != len(WORLD_SIZES):
        raise AssertionError(f"{exercise}: {len(runs)} of {len(WORLD_SIZES)} world sizes were observed: the grading code was changed")


def _seeded_worlds(observation, exercise: str):
    """(world, per-rank results, the ranks' seeds) for each world size, as `_worlds`."""
    seeds = observation.get("seeds") if isinstance(observation, dict) else None
    if not isinstance(seeds, list):
        raise AssertionError(f"{exercise}: the ranks' seeds are missing from the observation: the grading code was changed")
    for index, (world, per_rank) in enumerate(_worlds(observation, exercise)):
        if index >= len(seeds):
            raise AssertionError(f"{exercise}: the ranks' seeds are missing from the observation: the grading code was changed")
        yield world, per_rank, rank_seeds(seeds[index], world, exercise)


def _diagnose_gradients(name: str, actual: torch.Tensor, expected: torch.Tensor, local, world_size: int) -> str | None:
    """None when `actual` is the averaged gradient, else a sentence naming the mistake."""
    if same_shape_close(actual, expected):
        return None
    if not isinstance(actual, torch.Tensor) or tuple(actual.shape) != tuple(expected.shape):
        return f"{name}'s gradient is not the average of the ranks' gradients (it is {type_name(actual)} {getattr(actual, 'shape', '')})."
    if isinstance(local, torch.Tensor) and same_shape_close(actual, local):
        return (f"the gradient of {name} is still this rank's own gradient: it was never all-reduced "
                "across ranks. Call dist.all_reduce on every gradient, then divide by the world size.")
    if tensors_close(actual, expected * world_size):
        return (f"the gradients were summed, not averaged: {name}'s gradient is {world_size}x (world_size times) too "
                "large. Divide by dist.get_world_size() after the all_reduce.")
    for k in range(2, 9):
        if k != world_size and tensors_close(actual, expected * world_size / k):
            return (f"{name}'s gradient is {world_size / k:g}x the average: it was divided by {k}, "
                    "not by the world size. Use dist.get_world_size(), never a hard-coded number.")
    return (f"{name}'s gradient is not the average of the ranks' gradients "
            f"(yours are {_ratio(actual, expected):.3g}x the expected size, largest difference "
            f"{(actual.double() - expected.double()).abs().max().item():.3g}).")


# --------------------------------------------------------------------------- exercise 1


def _full_batch_gradients(world: int, seeds) -> list:
    """With equal shards, the average of the ranks' mean-loss gradients is the full-batch gradient."""
    model, X, y = probe.average_inputs(world, seeds)
    F.cross_entropy(model(X), y).backward()
    return [p.grad for p in model.parameters()]


def judge_average_gradients(observation) -> None:
    """average_gradients on 2 and 4 ranks equals the full-batch gradient; None grads are skipped."""
    for world, per_rank, seeds in _seeded_worlds(observation, "average_gradients"):
        reference = _full_batch_gradients(world, seeds)
        for rank, res in enumerate(per_rank):
            for name, changed, local, grad, ref in zip(res["names"], res["changed"], res["local"], res["grads"], reference, strict=True):
                if changed:
                    raise on_rank_error("average_gradients", rank, world,
                                   f"average_gradients changed the parameter {name} itself: it must only change the .grad tensors")
                if ref is None:
                    if grad is not None:
                        raise on_rank_error("average_gradients", rank, world, (
                            f"{name} has requires_grad=False, so its .grad was None, but after average_gradients it is a "
                            "tensor: skip parameters whose .grad is None"))
                    continue
                if not isinstance(grad, torch.Tensor):
                    raise on_rank_error("average_gradients", rank, world,
                                   f"after average_gradients, {name}.grad is {grad!r}, not a tensor")
                problem = _diagnose_gradients(name, grad, ref, local, world)
                if problem is not None:
                    raise on_rank_error("average_gradients", rank, world, f"on {world} ranks, {problem}")
            # method: the docstring asks for the .grad tensors to be replaced in place
            for name, in_place in zip(res["names"], res["in_place"], strict=True):
                if not in_place:
                    raise on_rank_error("average_gradients", rank, world, (
                        f"the values are right, but after average_gradients {name}.grad is a new tensor: the exercise "
                        "asks to replace each .grad in place (all_reduce into p.grad itself, or copy_ the mean into "
                        "it), not to assign p.grad a new tensor"))


# --------------------------------------------------------------------------- exercise 2


def judge_my_ddp_broadcast(observation) -> None:
    """Ranks seeded differently hold rank 0's parameters and buffers right after MyDDP(model)."""
    exercise = "MyDDP (broadcast at construction)"
    for world, per_rank, seeds in _seeded_worlds(observation, exercise):
        base_seed = probe.broadcast_seed(world)
        rank0 = probe.net(seeds[0])  # what rank 0 built, from a seed only rank 0 knew
        expected_params, expected_buffers = probe.flat(rank0.parameters()), probe.flat(rank0.buffers())
        with torch.no_grad():
            expected_out = rank0(probe.forward_input(base_seed))
        num_params = len(list(rank0.parameters()))
        # What each rank could tell on its own comes first (it failed there before the ranks compared
        # their weights with a collective), then what needs every rank's weights.
        for rank, res in enumerate(per_rank):
            if res["num_params"] != num_params:
                raise on_rank_error(exercise, rank, world,
                               "MyDDP(model).parameters() must be the wrapped model's parameters (keep the model as self.module)")
            if not res["module_kept"]:
                raise on_rank_error(exercise, rank, world, (
                    "MyDDP(model).module is not the model it was given: keep the wrapped model itself as self.module "
                    "(as torch's DDP does; that attribute is where the 'module.' prefix of its state_dict comes from)"))
        gathered = [r["params"] for r in per_rank]
        agree = all(same_shape_close(g, gathered[0], 0, 0) for g in gathered)
        if agree and not same_shape_close(gathered[0], expected_params):
            raise on_rank_error(exercise, 0, world,
                           "all ranks hold the same weights after MyDDP(model), but they are not rank 0's: broadcast with src=0")
        for rank, res in enumerate(per_rank):
            if rank != 0 and same_shape_close(res["params"], res["own"]):
                raise on_rank_error(exercise, rank, world, (
                    f"rank {rank} still holds its own random initial weights after MyDDP(model): the parameters were not "
                    "broadcast from rank 0 at construction (dist.broadcast(p.data, src=0) for every parameter)"))
        gathered = [r["params"] for r in per_rank]
        agree = all(same_shape_close(g, gathered[0], 0, 0) for g in gathered)
        for rank, res in enumerate(per_rank):
            got = res["params"]
            if agree and not same_shape_close(got, expected_params):
                raise on_rank_error(exercise, rank, world,
                               "all ranks hold the same weights after MyDDP(model), but they are not rank 0's: broadcast with src=0")
            if not same_shape_close(got, expected_params, 0, 0):
                raise on_rank_error(exercise, rank, world, (
                    f"after MyDDP(model), rank {rank}'s parameters are not rank 0's initial parameters: broadcast every "
                    "parameter from rank 0 at construction"))
            if not same_shape_close(res["buffers"], expected_buffers, 0, 0):
                raise on_rank_error(exercise, rank, world, (
                    f"the parameters were broadcast but the buffers were not: rank {rank}'s buffer 'shift' differs from "
                    "rank 0's. Broadcast module.buffers() too (BatchNorm running statistics live there)"))
            if not same_shape_close(res["forward"], expected_out):
                raise on_rank_error(exercise, rank, world, "MyDDP(model)(x) must return model(x) (forward the call to the wrapped module)")


def _single_process_trajectory(world: int, seeds):
    """One process training on the global batch: (gradients, parameters after the step) for every step."""
    t = probe.TRAINING
    single = probe.net(probe.training_seed(world))
    opt = torch.optim.SGD([p for p in single.parameters() if p.requires_grad], lr=t["lr"])
    steps = []
    for X, y in probe.global_batches(t["num_steps"], t["per_rank"], seeds):
        opt.zero_grad()
        F.cross_entropy(single(X), y).backward()
        grads = [None if p.grad is None else p.grad.detach().clone() for p in single.parameters()]
        opt.step()
        steps.append((grads, probe.flat(single.parameters())))
    return steps


def judge_my_ddp_training(observation) -> None:
    """MyDDP training steps match one process on the global batch (and so torch's DDP), after every step."""
    exercise = "MyDDP (training)"
    for world, per_rank, seeds in _seeded_worlds(observation, exercise):
        reference = _single_process_trajectory(world, seeds)
        for rank, res in enumerate(per_rank):
            if len(res["steps"]) != len(reference):
                raise on_rank_error(exercise, rank, world, "the observation is incomplete: the grading code was changed")
        for index, (ref_grads, ref_params) in enumerate(reference):
            step = index + 1
            for rank, res in enumerate(per_rank):
                observed_step = res["steps"][index]
                for name, grad, local, ref in zip(res["names"], observed_step["grads"], observed_step["local"], ref_grads, strict=True):
                    if ref is None:
                        continue
                    if grad is None:
                        raise on_rank_error(exercise, rank, world, f"after sync_gradients, {name}.grad is None")
                    problem = _diagnose_gradients(name, grad, ref, local, world)
                    if problem is not None:
                        raise on_rank_error(exercise, rank, world, f"step {step} on {world} ranks: {problem}")
            gathered = [res["steps"][index]["params"] for res in per_rank]
            for r, g in enumerate(gathered):
                if not same_shape_close(g, gathered[0], 0, 0):
                    raise on_rank_error(exercise, 0, world, (
                        f"after step {step} on {world} ranks, rank {r}'s parameters differ from rank 0's: every rank must "
                        "end each step with the same averaged gradients"))
            for rank, flat in enumerate(gathered):
                if not same_shape_close(flat, ref_params):
                    raise on_rank_error(exercise, rank, world, (
                        f"after step {step} on {world} ranks, the parameters differ from one process training on the "
                        "global batch"))


# --------------------------------------------------------------------------- exercise 3


def _shards(results: dict, num_items, world, shuffle, drop_last, epoch, seed) -> list:
    try:
        return [results[(num_items, world, shuffle, drop_last, epoch, seed, r)] for r in range(world)]
    except KeyError:
        raise AssertionError("shard_indices: the observation is incomplete: the grading code was changed") from None


def judge_shard_indices_disjoint_complete(results) -> None:
    """Equal-length shards, disjoint and complete (padded or dropped), with ranks seeded differently."""
    for num_items, world, shuffle, drop_last, epoch, seed in probe.shard_calls():
        shards = _shards(results, num_items, world, shuffle, drop_last, epoch, seed)
        _check_one_split(shards, num_items, world, shuffle, drop_last, epoch, seed)


def _check_one_split(shards, num_items, world, shuffle, drop_last, epoch, seed):
    call = (f"shard_indices(num_items={num_items}, rank=r, world_size={world}, epoch={epoch}, seed={seed}, "
            f"shuffle={shuffle}, drop_last={drop_last})")
    expected_len = num_items // world if drop_last else math.ceil(num_items / world)
    lengths = [len(s) for s in shards]
    if len(set(lengths)) > 1:
        short, long_ = lengths.index(min(lengths)), lengths.index(max(lengths))
        raise AssertionError(
            f"{call}: rank {long_} got {max(lengths)} indices but rank {short} got {min(lengths)}. Every rank must get the "
            "same number of indices, or the ranks run different numbers of steps and the last all-reduce hangs: pad by "
            "repeating indices from the start (drop_last=False) or drop the tail (drop_last=True), like DistributedSampler")
    if lengths[0] != expected_len:
        how = "drops the tail" if drop_last else "pads to ceil(num_items / world_size)"
        raise AssertionError(f"{call}: each rank got {lengths[0]} indices, and {off(lengths[0], expected_len)} (DistributedSampler {how})")
    owner: dict[int, list[int]] = {}
    for r, shard in enumerate(shards):
        for i in shard:
            owner.setdefault(i, []).append(r)
    padding = world * expected_len - num_items if not drop_last else 0
    duplicates = sum(len(v) - 1 for v in owner.values())
    if duplicates > padding:
        i, ranks = next((i, v) for i, v in owner.items() if len(v) > 1)
        where = f"ranks {sorted(set(ranks))}" if len(set(ranks)) > 1 else f"rank {ranks[0]} ({len(ranks)} times)"
        raise AssertionError(
            f"{call}: the shards overlap: index {i} was given to {where}. Every rank must compute the SAME order "
            "(a torch.Generator seeded with seed + epoch, never the global random state, which differs between "
            "processes) and then take only its own share of it")
    if not drop_last:
        missing = sorted(set(range(num_items)) - set(owner))
        if missing:
            raise AssertionError(f"{call}: index {missing[0]} is on no rank: with drop_last=False every item must be used "
                                 "(pad the order by repeating indices from its start)")


def judge_shard_indices_reshuffles(results) -> None:
    """The order changes with the epoch (and the seed) when shuffle=True, and not when shuffle=False."""

    def order(num_items, world, shuffle, epoch, seed, drop_last=False):
        return _shards(results, num_items, world, shuffle, drop_last, epoch, seed)

    for num_items, world in [(12, 2), (10, 3), (16, 4), (11, 4)]:
        assert order(num_items, world, True, 0, 0) != order(num_items, world, True, 1, 0), (
            f"shard_indices({num_items}, r, {world}, shuffle=True) gave the same shards in epoch 0 and epoch 1: the epoch "
            "must change the shuffle (DistributedSampler seeds its generator with seed + epoch; that is what "
            "set_epoch is for), or every epoch repeats the same order")
        assert order(num_items, world, True, 0, 0) != order(num_items, world, True, 0, 5), (
            f"shard_indices({num_items}, r, {world}, shuffle=True) gave the same shards for seed=0 and seed=5: "
            "use the seed in the shuffle")
        assert order(num_items, world, False, 0, 0) == order(num_items, world, False, 1, 5), (
            f"shard_indices({num_items}, r, {world}, shuffle=False) changed with the epoch or the seed: without "
            "shuffling the order must stay the same")
    unshuffled = sorted(i for s in order(16, 4, False, 0, 0) for i in s)
    shuffled_shard = order(16, 4, True, 0, 0)
    assert any(s != sorted(s) for s in shuffled_shard) or unshuffled != sorted(i for s in shuffled_shard for i in s), (
        "shard_indices(16, r, 4, shuffle=True) did not shuffle: every shard is in increasing order")


# --------------------------------------------------------------------------- exercise 4


def _train_runs(observation, per_rank=lambda run: run) -> list:
    """(world, what the probe saw on that many ranks) for 2 and 4 ranks, refusing a partial observation."""
    runs = []
    for world in WORLD_SIZES:
        run = observation.get(world) if isinstance(observation, dict) else None
        ranks = per_rank(run) if run is not None else None
        if not isinstance(ranks, list) or len(ranks) != world:
            raise AssertionError(f"train_ddp: the observation of {world} ranks is incomplete: the grading code was changed")
        runs.append((world, run))
    return runs


def judge_train_ddp_matches_large_batch(observation) -> None:
    """Per-rank batches of global/world, disjoint shards, set_epoch, and the large-batch trajectory."""
    X, y = probe.train_data()
    index_of = {tuple(row.tolist()): i for i, row in enumerate(X)}
    G, E, n, lr = (probe.TRAIN[k] for k in ("global_batch_size", "num_epochs", "num_items", "lr"))
    keys = set(probe.recorder().state_dict())
    seeds = observation.get("seeds") if isinstance(observation, dict) else None
    if not isinstance(seeds, dict):
        raise AssertionError("train_ddp: the ranks' seeds are missing from the observation: the grading code was changed")
    for world, results in _train_runs(observation):
        if any(set(res["initial"]) != keys for res in results):
            raise AssertionError(f"train_ddp on {world} ranks: the observation is incomplete: the grading code was changed")
        rank0 = rank_seeds(seeds.get(world), world, "train_ddp")[0]
        b = G // world
        steps_per_epoch = math.ceil(math.ceil(n / world) / b)
        batches = []  # batches[rank][step] -> list of sample indices
        for r, res in enumerate(results):
            sizes = [x.shape[0] for x, _ in res["seen"]]
            if sizes and all(s == G for s in sizes):
                raise AssertionError(
                    f"train_ddp on {world} ranks: rank {r} trained on batches of {G} samples, the global batch size. "
                    f"A DataLoader's batch_size is per process under DDP: use global_batch_size // world_size = {b}, "
                    f"or every step sees {world}x the global batch")
            if any(s != b for s in sizes):
                raise AssertionError(
                    f"train_ddp on {world} ranks: rank {r} trained on batches of sizes {sorted(set(sizes))}; with a global "
                    f"batch of {G} on {world} ranks, every rank's batch must be {G} // {world} = {b}")
            if len(sizes) == E * math.ceil(n / b) and world > 1:
                raise AssertionError(
                    f"train_ddp on {world} ranks: rank {r} went through the whole data set ({n} samples) every epoch, so "
                    "the ranks trained on the same samples. Give the DataLoader sampler=DistributedSampler(dataset) so "
                    "each rank gets its own shard")
            if len(sizes) != E * steps_per_epoch:
                raise AssertionError(
                    f"train_ddp on {world} ranks: rank {r} ran {len(sizes)} training steps, expected {E} epochs x "
                    f"{steps_per_epoch} steps (each rank sees {n} / {world} samples per epoch, {b} at a time)")
            rank_batches = []
            for x, _ in res["seen"]:
                try:
                    rank_batches.append([index_of[tuple(row.tolist())] for row in x])
                except KeyError:
                    raise AssertionError(
                        f"train_ddp on {world} ranks: the model received inputs that are not samples of the data set "
                        "(pass the dataset's samples to the model unchanged)") from None
            batches.append(rank_batches)
        for epoch in range(E):
            used: dict[int, int] = {}
            for r in range(world):
                for step in range(epoch * steps_per_epoch, (epoch + 1) * steps_per_epoch):
                    for i in batches[r][step]:
                        if i in used:
                            where = f"ranks {used[i]} and {r}" if used[i] != r else f"rank {r} twice"
                            raise AssertionError(
                                f"train_ddp on {world} ranks: in epoch {epoch}, sample {i} was trained on by {where}. "
                                "Each rank must see its own shard of the data: give the DataLoader "
                                "sampler=DistributedSampler(dataset) (and no shuffle=True of its own)")
                        used[i] = r
            if len(used) != n:
                raise AssertionError(f"train_ddp on {world} ranks: epoch {epoch} used {len(used)} of the {n} samples")
        first = [i for step in batches[0][:steps_per_epoch] for i in step]
        second = [i for step in batches[0][steps_per_epoch:2 * steps_per_epoch] for i in step]
        if first == second:
            raise AssertionError(
                f"train_ddp on {world} ranks: rank 0 saw its samples in exactly the same order in epoch 0 and epoch 1. "
                "Call sampler.set_epoch(epoch) at the start of every epoch (and keep shuffle=True), or "
                "DistributedSampler repeats the first epoch's shuffle forever")
        _check_sampler_order(batches, world, b, n, E, steps_per_epoch)
        # One process, the union of the ranks' batches at each step, mean loss: the DDP trajectory.
        torch.manual_seed(0)
        single = probe.initial_model(rank0)  # rank 0's initial weights, from its seed (not from what it reported)
        params = list(single.parameters())
        accumulated = None
        mistakes = None  # what the previous step would have given with each usual mistake
        for step in range(E * steps_per_epoch + 1):
            expected = probe.flat(params)
            for r, res in enumerate(results):
                got = res["seen"][step][1] if step < E * steps_per_epoch else res["final"]
                if step == 0 and not same_shape_close(got, expected, 0, 0):
                    raise AssertionError(
                        f"train_ddp on {world} ranks: rank {r} started training from weights that are not rank 0's "
                        "initial weights (the ranks are seeded differently here). Wrap the model in "
                        "DistributedDataParallel, which broadcasts rank 0's weights at construction")
                if not same_shape_close(got, expected):
                    after = f"after step {step}" if step < E * steps_per_epoch else "after the last step"
                    raise AssertionError(
                        f"train_ddp on {world} ranks: {after}, rank {r}'s parameters differ from one process training "
                        f"on the global batch of {G} with SGD(lr={lr}) and F.cross_entropy. "
                        + _which_training_mistake(got, mistakes, r, world))
            if step == E * steps_per_epoch:
                break
            idx = [i for r in range(world) for i in batches[r][step]]
            grad = torch.autograd.grad(F.cross_entropy(single(X[idx]), y[idx]), params)
            flat_grad = probe.flat(grad)
            local = [probe.flat(torch.autograd.grad(F.cross_entropy(single(X[batches[r][step]]), y[batches[r][step]]), params))
                     for r in range(world)]
            accumulated = flat_grad if accumulated is None else accumulated + flat_grad
            mistakes = {"scaled up": expected - lr * world * flat_grad, "scaled down": expected - lr / world * flat_grad,
                        "accumulated": expected - lr * accumulated, "no step": expected,
                        "local": [expected - lr * g for g in local]}
            with torch.no_grad():
                for p, g in zip(params, grad):
                    p -= lr * g
        for r, res in enumerate(results):
            # method: "wrap it in DistributedDataParallel"; every training forward must run inside torch's DDP
            in_ddp = res["in_ddp"]
            if not isinstance(in_ddp, list) or len(in_ddp) != len(res["seen"]):
                raise AssertionError(f"train_ddp on {world} ranks: the observation is incomplete: the grading code was changed")
            if False in in_ddp:
                raise AssertionError(
                    f"train_ddp on {world} ranks: the training matches, but rank {r}'s model ran its training forward "
                    "passes outside DistributedDataParallel's forward: the exercise asks to wrap the model in torch's "
                    "DistributedDataParallel and to call the wrapper (ddp_model(X)) in the loop, not to broadcast and "
                    "average by hand (MyDDP of exercise 2 or your own collectives)")
            if res["returned"] is None or res["returned"] in ("DistributedDataParallel", "DataParallel"):
                got = "nothing" if res["returned"] is None else f"a {res['returned']}"
                raise AssertionError(f"train_ddp returned {got}: return the bare trained model (ddp_model.module)")
        printed = [res["printed"] for res in results]
        if not all(isinstance(p, dict) and set(p) == {"stdout", "stderr"} for p in printed):
            raise AssertionError("train_ddp: the observation of what each rank printed is incomplete: "
                                 "the grading code was changed")
        others = [r for r, p in enumerate(printed) if r != 0 and p["stdout"]]
        if others:
            raise AssertionError(
                f"train_ddp on {world} ranks: rank {others[0]} printed. Print progress on rank 0 only "
                "(if dist.get_rank() == 0: print(...)), or every line appears world_size times")
    indivisible = observation.get("indivisible") if isinstance(observation, dict) else None
    if not isinstance(indivisible, list) or len(indivisible) != 2:
        if isinstance(indivisible, dict) and "error" in indivisible:
            raise AssertionError(
                f"train_ddp with global_batch_size={probe.INDIVISIBLE_BATCH} on 2 ranks: {indivisible['error']} "
                "Every rank must raise ValueError before it trains (not only rank 0: the others would wait for it)")
        raise AssertionError("train_ddp: the observation is incomplete: the grading code was changed")
    for r, res in enumerate(indivisible):
        call = f"train_ddp with global_batch_size={probe.INDIVISIBLE_BATCH} on 2 ranks"
        if "raised" not in res:
            raise AssertionError(
                f"{call} trained instead of raising ValueError on rank {r}: the exercise asks for a ValueError when "
                "the global batch does not divide by the world size (else the per-rank batches silently add up to "
                "a smaller global batch)")
        if res["raised"] != "ValueError":
            raise AssertionError(f"{call} raised {res['raised']} on rank {r}; the exercise asks for a ValueError when "
                                 "the global batch does not divide by the world size")


def _which_training_mistake(got, mistakes, rank: int, world: int) -> str:
    """Name the usual mistake whose step gives `got`, or list them honestly."""
    if mistakes is not None:
        if same_shape_close(got, mistakes["local"][rank]) and world > 1:
            return (f"Rank {rank} stepped with the gradient of its own batch only: the gradients were not averaged "
                    "across the ranks. Run the forward pass through the DistributedDataParallel wrapper "
                    "(ddp_model(X), not the bare model), which averages them during backward")
        if same_shape_close(got, mistakes["scaled up"]):
            return (f"The step went {world}x (world_size times) as far as it should: either the learning rate was "
                    "multiplied by the world size (the exercise asks for SGD(lr=lr), no scaling) or the gradients "
                    "were summed over the ranks instead of averaged")
        if same_shape_close(got, mistakes["scaled down"]):
            return (f"The step went 1/{world} as far as it should: the loss or the learning rate was divided by the "
                    "world size, but DistributedDataParallel already averages the gradients")
        if same_shape_close(got, mistakes["accumulated"]):
            return ("The gradients of the earlier steps were added to this step's: .grad accumulates across "
                    "backward() calls, so call optimizer.zero_grad() before every backward")
        if same_shape_close(got, mistakes["no step"], 0, 0):
            return ("The parameters did not change in the previous step: did optimizer.step() run, on gradients "
                    "that were not zeroed between backward() and step()?")
    return ("None of the usual causes fits exactly (the learning rate scaled by the world size, summed gradients, "
            "no zero_grad, the forward pass through the bare model instead of the DDP wrapper): check each of them")


def _check_sampler_order(batches, world: int, b: int, n: int, E: int, steps_per_epoch: int) -> None:
    """The batches are the ones DistributedSampler(dataset, shuffle=True, seed=seed) gives, epoch by epoch."""
    from torch.utils.data import DistributedSampler

    def order(seed, shuffle=True):
        out = []
        for r in range(world):
            sampler = DistributedSampler(range(n), num_replicas=world, rank=r, shuffle=shuffle, seed=seed)
            steps = []
            for epoch in range(E):
                sampler.set_epoch(epoch)
                mine = list(sampler)
                steps += [mine[i:i + b] for i in range(0, len(mine), b)]
            out.append(steps)
        return out

    if batches == order(probe.TRAIN_SEED):
        return
    if batches == order(0):
        raise AssertionError(
            f"train_ddp on {world} ranks: the batches follow DistributedSampler's default seed (0), not the `seed` "
            "argument: pass DistributedSampler(dataset, shuffle=True, seed=seed)")
    if batches == order(probe.TRAIN_SEED, shuffle=False):
        raise AssertionError(f"train_ddp on {world} ranks: the batches are not shuffled: use DistributedSampler(dataset, "
                             "shuffle=True, seed=seed)")
    raise AssertionError(
        f"train_ddp on {world} ranks: the ranks' batches are their own shards, but not in the order "
        "DistributedSampler(dataset, shuffle=True, seed=seed) with set_epoch(epoch) gives them; use that sampler "
        "in the DataLoader (and no shuffle of your own)")


def judge_train_ddp_checkpoint(observation) -> None:
    """Rank 0 alone writes the checkpoint; it has no `module.` prefix and loads with strict=True."""
    for world, run in _train_runs(observation, lambda run: run["saves"]):
        saves, checkpoint = run["saves"], run["checkpoint"]
        for r, saved in enumerate(saves):
            if r != 0 and saved:
                raise AssertionError(
                    f"train_ddp on {world} ranks: rank {r} called torch.save too. Save on rank 0 only "
                    "(if dist.get_rank() == 0: ...): every rank holds the same weights, and N ranks writing one file "
                    "race and can leave it corrupt")
        if not saves[0] or checkpoint is None:
            raise AssertionError(f"train_ddp on {world} ranks: rank 0 wrote no checkpoint to checkpoint_path")
        if isinstance(checkpoint, Raised):
            raise AssertionError(
                f"train_ddp on {world} ranks: the checkpoint does not load with torch.load(weights_only=True) "
                f"({checkpoint.name}): save model.state_dict(), a dict of tensors")
        if not isinstance(checkpoint, dict):
            raise AssertionError(f"the checkpoint holds a {type_name(checkpoint)}; save the bare model's state_dict()")
        if any(str(k).startswith("module.") for k in checkpoint):
            raise AssertionError(
                f"train_ddp on {world} ranks: the checkpoint's keys start with 'module.' ({next(iter(checkpoint))!r}): "
                "it was saved from the DDP wrapper, so it does not load into a bare model. Save "
                "ddp_model.module.state_dict() instead")
        fresh = probe.recorder()
        try:
            fresh.load_state_dict(checkpoint, strict=True)
        except Exception as exc:  # noqa: BLE001 - reported to the student
            first = str(exc).strip().splitlines()[0]
            raise AssertionError(f"the checkpoint does not load into model_fn() with strict=True: {first}") from None
        if set(run["final_state"]) != set(fresh.state_dict()):
            raise AssertionError(f"train_ddp on {world} ranks: the observation is incomplete: the grading code was changed")
        for k, v in run["final_state"].items():
            if not same_shape_close(checkpoint[k], v, 0, 0):
                raise AssertionError(
                    f"train_ddp on {world} ranks: the checkpoint's {k} is not the trained value: save after the last "
                    "epoch, once training is over")


# --------------------------------------------------------------------------- exercise 5


def judge_load_state_anywhere(observation) -> None:
    """Bare <-> DDP <-> DataParallel checkpoints load with strict=True, without touching the caller's dict."""

    def _fail(detail: str) -> AssertionError:
        return on_rank_error("load_state_anywhere", 0, 1, detail)

    src, dst = probe.load_anywhere_seeds(rank_seeds(observation["seeds"], 1, "load_state_anywhere")[0])
    expected = probe.flat(probe.net(src).state_dict().values())
    untouched = probe.flat(probe.net(dst).state_dict().values())
    loads = observation["loads"]
    pairs = [(s, t) for s in probe.SOURCES for t in probe.TARGETS]
    for (source_name, target_name), load in zip(pairs, loads):
        what = f"loading a checkpoint from {source_name} into {target_name}"
        if "raised" in load:
            text = load["message"]
            first = text.strip().splitlines()[0] if text.strip() else load["raised"]
            keys = list(probe.net(src).state_dict())
            over_stripped = [k.lstrip("module.") for k in keys if k.lstrip("module.") != k]
            if any(f'"{k}"' in text or f"'{k}'" in text for k in over_stripped):
                hint = (" Some keys lost more than the prefix (e.g. 'encoder.weight' became "
                        f"{'encoder.weight'.lstrip('module.')!r}): str.lstrip('module.') removes every leading "
                        "character that is one of m, o, d, u, l, e and '.', not the prefix. Remove exactly 'module.' "
                        "(str.removeprefix, or k[len('module.'):] when k.startswith('module.'))")
            elif "module." in text or "Missing key" in text:
                hint = " The 'module.' prefix of a wrapped model's keys must be removed (or added) to match the target."
            else:
                hint = ""
            raise _fail(f"{what} raised {load['raised']}: {first}.{hint}")
        if load["mutated"]:
            raise _fail(
                f"{what} modified the caller's state_dict (its keys changed). Work on a copy: "
                "consume_prefix_in_state_dict_if_present strips the prefix IN PLACE, and the caller may still need "
                "the original")
        got = load["weights"]
        if same_shape_close(got, untouched, 0, 0):
            raise _fail(
                f"{what} left the weights unchanged: nothing was loaded. Were the keys matched (the 'module.' prefix), "
                "and did you load with strict=True?")
        if not same_shape_close(got, expected, 0, 0):
            raise _fail(f"{what} did not give the checkpoint's weights")
        if not load["returned_model"]:
            raise _fail(f"{what}: load_state_anywhere must return the model it loaded into (return model)")
    refused = observation["refused"]
    if len(loads) != len(pairs) or not isinstance(refused, list) or len(refused) != len(probe.TARGETS):
        raise AssertionError("load_state_anywhere: the observation is incomplete: the grading code was changed")
    for target_name, ok in zip(probe.TARGETS, refused):
        if not ok:
            raise _fail(
                f"a checkpoint of a different model (missing keys) loaded into {target_name} without an error: "
                "load with strict=True so a wrong checkpoint fails loudly instead of training from random weights")


# --------------------------------------------------------------------------- quiz

_QUIZ = {  # question: (right letter, hint, {wrong letter: why that choice is wrong}); no hint may give the answer away
    "q1": ("a", "Run the two lines in a scratch cell: they run on a laptop without a GPU. Lecture 2, section 3 "
                "(DataParallel vs DistributedDataParallel) and section 6 (checkpoints and key names) explain what you see.",
           {"b": "A wrapper such as DataParallel holds your model as one of its attributes: look at what that does to "
                 "the names in its state_dict (lecture 2, section 6).",
            "c": "DataParallel scatters the batch over its devices and gathers the outputs back: the caller gets the "
                 "output of the batch it passed in.",
            "d": "DataParallel needs no GPU to run: without one, it calls the module it wraps."}),
    "q2": ("c", "Lecture 2, section 4, on what DDP does at construction: which collective does DDP's constructor "
                "call on the parameters, and from where? Run the snippet with helpers.launch and compare the two numbers.",
           {"a": "After DDP(model) the replicas must start from identical weights, or they would drift apart from the "
                 "first step: the constructor sees to it.",
            "b": "No averaging happens at construction: DDP's constructor calls a collective, but not an all-reduce.",
            "d": "DDP does not require the ranks to build identical weights: the seeds differ here and the snippet "
                 "runs without an error."}),
    "q3": ("c", "Lecture 2, section 4, on uneven batch sizes: which tensors does DDP all-reduce, does their shape "
                "depend on the batch, and how does DDP combine what the ranks send?",
           {"a": "DDP all-reduces gradients, and a gradient has the shape of its parameter whatever the batch size: "
                 "nothing here has to match in size.",
            "b": "The all-reduce runs on gradients, whose shapes do not depend on the batch size: both ranks send "
                 "tensors of the same shape.",
            "d": "DDP never learns how many samples each rank used: nothing in the all-reduce carries a sample count. "
                 "What can it compute from the gradients alone?"}),
    "q4": ("d", "Lecture 2, section 5: does DistributedSampler give each rank a contiguous block of indices or "
                "every num_replicas-th one, and what does it do when the data set does not divide evenly? With "
                "num_replicas and rank given it needs no process group: print it in a scratch cell.",
           {"a": "Your answer gives rank 1 a contiguous block of indices; the sampler interleaves the ranks.",
            "b": "Your list holds 3 of the 10 indices, so the ranks would not all get the same number of samples; "
                 "with drop_last=False, DistributedSampler gives each rank as many as the others.",
            "c": "Your answer gives rank 1 a contiguous block of indices; the sampler interleaves the ranks."}),
    "q5": ("d", "Lecture 2, section 3 (DataParallel vs DistributedDataParallel): how many processes and DataLoaders "
                "does each one run, and who splits a batch between the GPUs?",
           {"a": "Under DDP each of the 4 processes runs the training loop with a DataLoader of its own: how many "
                 "samples does one optimizer step then use?",
            "b": "Under DataParallel each GPU computes on a slice of the batch, but the outputs are gathered back and "
                 "the optimizer step uses the whole batch. Then count the DDP side: how many processes, each loading what?",
            "c": "DataParallel is one process with one DataLoader: it splits that batch over the 4 GPUs, it does not "
                 "load one batch per GPU. Then count the DDP side the same way."}),
}


def judge_quiz(observation) -> None:
    """Grade one quiz answer; the hint says why when it is wrong."""
    judge_choice(_QUIZ, observation)
