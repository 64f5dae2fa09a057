"""Hidden tests of problem set 2 (DistributedDataParallel). Never released.

Every check runs the student's code on real ranks (2 and 4, gloo on CPU or NCCL when there are enough
GPUs) through `run_ranks`, in the manner of the strongest systems courses:

- ranks are seeded differently, so only a real broadcast from rank 0 makes their weights agree;
- after every optimizer step the parameters must be identical on all ranks and allclose to one
  process training on the whole (global) batch, and, for the student's own DDP, to torch's DDP;
- shards must be disjoint and complete for data set sizes that do not divide evenly, and change
  with the epoch;
- checkpoints are written by rank 0 only and load with strict=True into a bare model.

Each failure raises an AssertionError whose message names the mistake (summed gradients, no
broadcast, no set_epoch, global batch per rank, `module.` keys...), because the student reads it in
their feedback.
"""

from __future__ import annotations

import copy
import math
import os
import random
import shutil
import tempfile

import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F

import helpers
import torch._dynamo  # noqa: F401 - DDP's constructor imports it (~1 s); forked ranks inherit it from here
from autograders.common import check_choice, run_ranks

#: Seconds one multi-process check may take. Honest code needs well under 2 s; a collective that
#: only some ranks call hangs, and this bounds what that costs the grading run.
TIMEOUT = 12.0
WORLD_SIZES = (2, 4)


# --------------------------------------------------------------------------- shared pieces


def _run(exercise: str, fn, world_size: int, *args):
    """run_ranks with this assignment's TIMEOUT."""
    return run_ranks(exercise, fn, world_size, *args, timeout=TIMEOUT)


class _Net(nn.Module):
    """A tiny classifier with one frozen parameter (its .grad stays None) and one random buffer."""

    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(5, 8)
        self.fc2 = nn.Linear(8, 3)
        self.frozen_scale = nn.Parameter(torch.rand(5) + 0.5, requires_grad=False)
        self.register_buffer("shift", torch.randn(5) * 0.1)

    def forward(self, x):
        return self.fc2(torch.tanh(self.fc1(x * self.frozen_scale + self.shift)))


def _batches(num_steps: int, size: int, seed: int):
    """The same global batches on every rank (a private generator: independent of rank seeds)."""
    gen = torch.Generator().manual_seed(seed)
    return [(torch.randn(size, 5, generator=gen), torch.randint(0, 3, (size,), generator=gen)) for _ in range(num_steps)]


def _device():
    return helpers.rank_device()


def _all_ranks_equal(tensor: torch.Tensor) -> list[torch.Tensor]:
    """all_gather a tensor (same shape on every rank); returns the list, rank order."""
    gathered = [torch.empty_like(tensor) for _ in range(dist.get_world_size())]
    dist.all_gather(gathered, tensor.contiguous())
    return gathered


def _flat(tensors) -> torch.Tensor:
    return torch.cat([t.detach().reshape(-1).float() for t in tensors])


def _close(a: torch.Tensor, b: torch.Tensor, rtol=1e-4, atol=1e-6) -> bool:
    return torch.allclose(a.detach().double().cpu(), b.detach().double().cpu(), rtol=rtol, atol=atol)


def _ratio(actual: torch.Tensor, expected: torch.Tensor) -> float:
    den = expected.double().abs().sum().item()
    return actual.double().abs().sum().item() / den if den else float("nan")


def _diagnose_gradients(name: str, actual: torch.Tensor, expected: torch.Tensor, local: torch.Tensor, world_size: int) -> str | None:
    """None when `actual` is the averaged gradient, else a sentence naming the mistake."""
    if _close(actual, expected):
        return None
    if _close(actual, local):
        return (f"the gradient of {name} is still this rank's own gradient: it was never all-reduced "
                "across ranks. Call dist.all_reduce on every gradient, then divide by the world size.")
    if _close(actual, expected * world_size):
        return (f"the gradients were summed, not averaged: {name}'s gradient is {world_size}x (world_size times) too "
                "large. Divide by dist.get_world_size() after the all_reduce.")
    for k in range(2, 9):
        if k != world_size and _close(actual, expected * world_size / k):
            return (f"on {world_size} ranks {name}'s gradient is {world_size / k:g}x the average: it was divided by {k}, "
                    "not by the world size. Use dist.get_world_size(), never a hard-coded number.")
    return (f"{name}'s gradient is not the average of the ranks' gradients "
            f"(yours are {_ratio(actual, expected):.3g}x the expected size, largest difference "
            f"{(actual.double() - expected.double()).abs().max().item():.3g}).")


# --------------------------------------------------------------------------- exercise 1


def _average_gradients_rank(average_gradients, per_rank: int, seed: int):
    rank, world = dist.get_rank(), dist.get_world_size()
    dev = _device()
    torch.manual_seed(seed)
    model = _Net().to(dev)
    reference = copy.deepcopy(model)
    torch.manual_seed(seed + 1000 + rank)  # anything random the student does differs per rank
    (X, y), = _batches(1, per_rank * world, seed + 1)
    X, y = X.to(dev), y.to(dev)
    mine = slice(rank * per_rank, (rank + 1) * per_rank)
    F.cross_entropy(model(X[mine]), y[mine]).backward()
    local = {n: p.grad.detach().clone() for n, p in model.named_parameters() if p.grad is not None}
    before = {n: p.detach().clone() for n, p in model.named_parameters()}
    average_gradients(model)
    # With equal shards, the average of the ranks' mean-loss gradients is the full-batch gradient.
    F.cross_entropy(reference(X), y).backward()
    for (name, p), (_, ref) in zip(model.named_parameters(), reference.named_parameters()):
        assert torch.equal(p.detach(), before[name]), (
            f"average_gradients changed the parameter {name} itself: it must only change the .grad tensors")
        if ref.grad is None:
            assert p.grad is None, (
                f"{name} has requires_grad=False, so its .grad was None, but after average_gradients it is a tensor: "
                "skip parameters whose .grad is None")
            continue
        assert isinstance(p.grad, torch.Tensor), f"after average_gradients, {name}.grad is {p.grad!r}, not a tensor"
        problem = _diagnose_gradients(name, p.grad, ref.grad, local[name], world)
        assert problem is None, f"on {world} ranks, {problem}"
    return True


def check_average_gradients(average_gradients) -> None:
    """average_gradients on 2 and 4 ranks equals the full-batch gradient; None grads are skipped."""
    for world in WORLD_SIZES:
        _run("average_gradients", _average_gradients_rank, world, average_gradients, 3, 7 + world)


# --------------------------------------------------------------------------- exercise 2


def _unwrap(wrapped):
    return wrapped.module if isinstance(getattr(wrapped, "module", None), nn.Module) else wrapped


def _my_ddp_broadcast_rank(MyDDP, base_seed: int):
    rank = dist.get_rank()
    dev = _device()
    torch.manual_seed(base_seed + rank)  # every rank starts from different random weights and buffers
    model = _Net().to(dev)
    own = copy.deepcopy(model)
    torch.manual_seed(base_seed)  # what rank 0 built
    rank0 = _Net().to(dev)
    wrapped = MyDDP(model)
    assert isinstance(wrapped, nn.Module), f"MyDDP(model) must be an nn.Module, got {type(wrapped).__name__}"
    inner = _unwrap(wrapped)
    params = list(inner.parameters())
    assert len(params) == len(list(rank0.parameters())), (
        "MyDDP(model).parameters() must be the wrapped model's parameters (keep the model as self.module)")
    got = _flat(params)
    if rank != 0 and _close(got, _flat(own.parameters())):
        raise AssertionError(
            f"rank {rank} still holds its own random initial weights after MyDDP(model): the parameters were not "
            "broadcast from rank 0 at construction (dist.broadcast(p.data, src=0) for every parameter)")
    gathered = _all_ranks_equal(got)
    if all(_close(g, gathered[0], 0, 0) for g in gathered) and not _close(got, _flat(rank0.parameters())):
        raise AssertionError(
            "all ranks hold the same weights after MyDDP(model), but they are not rank 0's: broadcast with src=0")
    assert _close(got, _flat(rank0.parameters()), 0, 0), (
        f"after MyDDP(model), rank {rank}'s parameters are not rank 0's initial parameters: broadcast every parameter "
        "from rank 0 at construction")
    got_buffers = _flat(inner.buffers())
    assert _close(got_buffers, _flat(rank0.buffers()), 0, 0), (
        f"the parameters were broadcast but the buffers were not: rank {rank}'s buffer 'shift' differs from rank 0's. "
        "Broadcast module.buffers() too (BatchNorm running statistics live there)")
    x = torch.randn(4, 5, device=dev)
    out = wrapped(x)
    assert isinstance(out, torch.Tensor) and _close(out, rank0(x)), (
        "MyDDP(model)(x) must return model(x) (forward the call to the wrapped module)")
    return True


def check_my_ddp_broadcast(MyDDP) -> None:
    """Ranks seeded differently hold rank 0's parameters and buffers right after MyDDP(model)."""
    for world in WORLD_SIZES:
        _run("MyDDP (broadcast at construction)", _my_ddp_broadcast_rank, world, MyDDP, 40 + world)


def _my_ddp_train_rank(MyDDP, num_steps: int, per_rank: int, lr: float, seed: int):
    from torch.nn.parallel import DistributedDataParallel as DDP

    rank, world = dist.get_rank(), dist.get_world_size()
    dev = _device()
    torch.manual_seed(seed)  # same start everywhere: this check is about the gradients
    base = _Net().to(dev)
    single = copy.deepcopy(base)                      # one process, the whole global batch
    theirs = DDP(copy.deepcopy(base), device_ids=[dev.index] if dev.type == "cuda" else None)
    mine = MyDDP(copy.deepcopy(base))
    inner = _unwrap(mine)
    opt_single = torch.optim.SGD([p for p in single.parameters() if p.requires_grad], lr=lr)
    opt_theirs = torch.optim.SGD([p for p in theirs.parameters() if p.requires_grad], lr=lr)
    opt_mine = torch.optim.SGD([p for p in inner.parameters() if p.requires_grad], lr=lr)
    torch.manual_seed(seed + 1000 + rank)
    names = [n for n, p in inner.named_parameters()]
    for step, (X, y) in enumerate(_batches(num_steps, per_rank * world, seed + 1), start=1):
        X, y = X.to(dev), y.to(dev)
        part = slice(rank * per_rank, (rank + 1) * per_rank)
        for opt in (opt_single, opt_theirs, opt_mine):
            opt.zero_grad()
        F.cross_entropy(single(X), y).backward()
        F.cross_entropy(theirs(X[part]), y[part]).backward()
        out = mine(X[part])
        F.cross_entropy(out, y[part]).backward()
        local = {n: (p.grad.detach().clone() if p.grad is not None else None) for n, p in inner.named_parameters()}
        mine.sync_gradients()
        for name, p, ref in zip(names, inner.parameters(), single.parameters()):
            if ref.grad is None:
                continue
            assert p.grad is not None, f"after sync_gradients, {name}.grad is None"
            problem = _diagnose_gradients(name, p.grad, ref.grad, local[name], world)
            assert problem is None, f"step {step} on {world} ranks: {problem}"
        for opt in (opt_single, opt_theirs, opt_mine):
            opt.step()
        flat = _flat(inner.parameters())
        gathered = _all_ranks_equal(flat)
        for r, g in enumerate(gathered):
            assert _close(g, gathered[0], 0, 0), (
                f"after step {step} on {world} ranks, rank {r}'s parameters differ from rank 0's: every rank must end "
                "each step with the same averaged gradients")
        assert _close(flat, _flat(single.parameters())), (
            f"after step {step} on {world} ranks, the parameters differ from one process training on the global batch")
        assert _close(flat, _flat(theirs.module.parameters())), (
            f"after step {step} on {world} ranks, the parameters differ from torch's DistributedDataParallel")
    return True


def check_my_ddp_training(MyDDP) -> None:
    """MyDDP training steps match one process on the global batch and torch's DDP, after every step."""
    for world in WORLD_SIZES:
        _run("MyDDP (training)", _my_ddp_train_rank, world, MyDDP, 3, 3, 0.5, 60 + world)


# --------------------------------------------------------------------------- exercise 3

_SHARD_CASES = [  # (num_items, world_size): sizes that divide evenly and sizes that do not
    (12, 2), (10, 3), (11, 4), (7, 4), (3, 4), (16, 4),
]


def _shard_rank(shard_indices, cases):
    """Call the student's function from a process whose global RNGs are seeded by rank."""
    rank = dist.get_rank()
    results = {}
    for num_items, world in cases:
        for shuffle in (True, False):
            for drop_last in (False, True):
                for epoch in (0, 1):
                    for seed in (0, 5):
                        for r in range(world):
                            if r % dist.get_world_size() != rank:
                                continue
                            torch.manual_seed(1234 + 17 * r)
                            random.seed(99 + r)
                            try:
                                import numpy as np

                                np.random.seed(7 + r)
                            except ImportError:  # pragma: no cover
                                pass
                            out = shard_indices(num_items, r, world, epoch=epoch, seed=seed, shuffle=shuffle, drop_last=drop_last)
                            results[(num_items, world, shuffle, drop_last, epoch, seed, r)] = _as_int_list(out, num_items)
    return results


def _as_int_list(out, num_items):
    if isinstance(out, torch.Tensor):
        out = out.tolist()
    try:
        items = list(out)
    except TypeError:
        raise AssertionError(f"shard_indices must return a list of ints, got {type(out).__name__}") from None
    result = []
    for i in items:
        try:
            value = int(i)
        except (TypeError, ValueError):
            raise AssertionError(f"shard_indices must return a list of ints, got an element {i!r}") from None
        if value != i or not 0 <= value < num_items:
            raise AssertionError(f"shard_indices({num_items}, ...) returned {i!r}: indices must be ints in range({num_items})")
        result.append(value)
    return result


_SHARD_CACHE: dict = {}


def _shard_results(shard_indices):
    """Run the student's function once (on 2 processes seeded differently) for every case; cached."""
    key = id(shard_indices)
    if key not in _SHARD_CACHE or _SHARD_CACHE[key][0] is not shard_indices:
        try:
            parts = _run("shard_indices", _shard_rank, 2, shard_indices, _SHARD_CASES)
            merged = {}
            for part in parts:
                merged.update(part)
            _SHARD_CACHE[key] = (shard_indices, merged, None)
        except AssertionError as exc:
            _SHARD_CACHE[key] = (shard_indices, None, exc)
    _, merged, error = _SHARD_CACHE[key]
    if error is not None:
        raise AssertionError(str(error))
    return merged


def check_shard_indices_disjoint_complete(shard_indices) -> None:
    """Equal-length shards, disjoint and complete (padded or dropped), with ranks seeded differently."""
    results = _shard_results(shard_indices)
    for num_items, world in _SHARD_CASES:
        for shuffle in (True, False):
            for drop_last in (False, True):
                for epoch in (0, 1):
                    for seed in (0, 5):
                        shards = [results[(num_items, world, shuffle, drop_last, epoch, seed, r)] for r in range(world)]
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
        raise AssertionError(f"{call}: each rank got {lengths[0]} indices, expected {expected_len} (DistributedSampler {how})")
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


def check_shard_indices_reshuffles(shard_indices) -> None:
    """The order changes with the epoch (and the seed) when shuffle=True, and not when shuffle=False."""
    results = _shard_results(shard_indices)

    def order(num_items, world, shuffle, epoch, seed, drop_last=False):
        return [results[(num_items, world, shuffle, drop_last, epoch, seed, r)] for r in range(world)]

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


class _Recorder(nn.Module):
    """The grader's model for train_ddp: records every training batch and the parameters it met."""

    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(6, 8)
        self.fc2 = nn.Linear(8, 3)
        self.seen = []

    def forward(self, x):
        if self.training and torch.is_grad_enabled():
            self.seen.append((x.detach().cpu().clone(), _flat(self.parameters()).cpu().clone()))
        return self.fc2(torch.tanh(self.fc1(x)))


_TRAIN = dict(num_items=32, global_batch_size=8, num_epochs=2, lr=0.5)


def _train_data():
    gen = torch.Generator().manual_seed(2024)
    X = torch.randn(_TRAIN["num_items"], 6, generator=gen)
    y = torch.randint(0, 3, (_TRAIN["num_items"],), generator=gen)
    return X, y


def _train_ddp_rank(train_ddp, checkpoint_path: str):
    from torch.utils.data import TensorDataset

    rank = dist.get_rank()
    built = []

    def model_fn():
        model = _Recorder()
        built.append((model, copy.deepcopy(model.state_dict())))
        return model

    saves = []
    real_save = torch.save

    def recording_save(obj, f, *args, **kwargs):
        saves.append(str(f))
        return real_save(obj, f, *args, **kwargs)

    torch.save = recording_save  # this rank is a forked process: the patch dies with it
    torch.manual_seed(500 + rank)  # different initial weights per rank: only DDP's broadcast aligns them
    random.seed(500 + rank)
    X, y = _train_data()
    try:
        returned = train_ddp(model_fn, TensorDataset(X, y), _TRAIN["global_batch_size"], _TRAIN["num_epochs"],
                             _TRAIN["lr"], checkpoint_path, seed=3)
    finally:
        torch.save = real_save
    assert built, "train_ddp never called model_fn(): build the model with model_fn()"
    model, initial = built[0]
    returned_info = None
    if isinstance(returned, nn.Module):
        returned_info = (type(returned).__name__, {k: v.detach().cpu().clone() for k, v in returned.state_dict().items()})
    return {
        "initial": {k: v.clone() for k, v in initial.items()},
        "seen": model.seen,
        "final": _flat(model.parameters()).cpu().clone(),
        "final_state": {k: v.detach().cpu().clone() for k, v in model.state_dict().items()},
        "saves": saves,
        "returned": returned_info,
        "built": len(built),
    }


_TRAIN_CACHE: dict = {}


def _train_runs(train_ddp):
    """Run train_ddp on 2 and 4 ranks once per function object; both checks read the same runs."""
    key = id(train_ddp)
    if key not in _TRAIN_CACHE or _TRAIN_CACHE[key][0] is not train_ddp:
        runs, error = {}, None
        tmp = tempfile.mkdtemp(prefix="ps2-ckpt-")
        try:
            for world in WORLD_SIZES:
                path = os.path.join(tmp, f"ckpt_{world}.pt")
                results = _run("train_ddp", _train_ddp_rank, world, train_ddp, path)
                checkpoint = None
                if os.path.exists(path):
                    try:
                        checkpoint = torch.load(path, map_location="cpu", weights_only=True)
                    except Exception as exc:  # noqa: BLE001 - reported to the student
                        checkpoint = exc
                runs[world] = (results, path, checkpoint)
        except AssertionError as exc:
            error = exc
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        _TRAIN_CACHE[key] = (train_ddp, runs, error)
    _, runs, error = _TRAIN_CACHE[key]
    if error is not None:
        raise AssertionError(str(error))
    return runs


def check_train_ddp_matches_large_batch(train_ddp) -> None:
    """Per-rank batches of global/world, disjoint shards, set_epoch, and the large-batch trajectory."""
    X, y = _train_data()
    index_of = {tuple(row.tolist()): i for i, row in enumerate(X)}
    G, E, n, lr = _TRAIN["global_batch_size"], _TRAIN["num_epochs"], _TRAIN["num_items"], _TRAIN["lr"]
    for world, (results, _, _) in _train_runs(train_ddp).items():
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
        # One process, the union of the ranks' batches at each step, mean loss: the DDP trajectory.
        torch.manual_seed(0)
        single = _Recorder()
        single.load_state_dict(results[0]["initial"])
        opt = torch.optim.SGD(single.parameters(), lr=lr)
        for step in range(E * steps_per_epoch):
            expected = _flat(single.parameters())
            for r, res in enumerate(results):
                got = res["seen"][step][1]
                if step == 0 and not _close(got, expected, 0, 0):
                    raise AssertionError(
                        f"train_ddp on {world} ranks: rank {r} started training from weights that are not rank 0's "
                        "initial weights (the ranks are seeded differently here). Wrap the model in "
                        "DistributedDataParallel, which broadcasts rank 0's weights at construction")
                if not _close(got, expected):
                    raise AssertionError(
                        f"train_ddp on {world} ranks: after step {step}, rank {r}'s parameters differ from one process "
                        f"training on the global batch of {G} with SGD(lr={lr}) and F.cross_entropy "
                        "(are the gradients averaged by DistributedDataParallel on every step?)")
            idx = [i for r in range(world) for i in batches[r][step]]
            opt.zero_grad()
            F.cross_entropy(single(X[idx]), y[idx]).backward()
            opt.step()
        for r, res in enumerate(results):
            if not _close(res["final"], _flat(single.parameters())):
                raise AssertionError(
                    f"train_ddp on {world} ranks: after the last step rank {r}'s parameters differ from one process "
                    f"training on the global batch of {G}")
            if res["returned"] is None or res["returned"][0] in ("DistributedDataParallel", "DataParallel"):
                got = "nothing" if res["returned"] is None else f"a {res['returned'][0]}"
                raise AssertionError(f"train_ddp returned {got}: return the bare trained model (ddp_model.module)")


def check_train_ddp_checkpoint(train_ddp) -> None:
    """Rank 0 alone writes the checkpoint; it has no `module.` prefix and loads with strict=True."""
    for world, (results, path, checkpoint) in _train_runs(train_ddp).items():
        for r, res in enumerate(results):
            if r != 0 and res["saves"]:
                raise AssertionError(
                    f"train_ddp on {world} ranks: rank {r} called torch.save too. Save on rank 0 only "
                    "(if dist.get_rank() == 0: ...): every rank holds the same weights, and N ranks writing one file "
                    "race and can leave it corrupt")
        if not results[0]["saves"] or checkpoint is None:
            raise AssertionError(f"train_ddp on {world} ranks: rank 0 wrote no checkpoint to checkpoint_path")
        if isinstance(checkpoint, Exception):
            raise AssertionError(
                f"train_ddp on {world} ranks: the checkpoint does not load with torch.load(weights_only=True) "
                f"({type(checkpoint).__name__}): save model.state_dict(), a dict of tensors")
        if not isinstance(checkpoint, dict):
            raise AssertionError(f"the checkpoint holds a {type(checkpoint).__name__}; save the bare model's state_dict()")
        if any(str(k).startswith("module.") for k in checkpoint):
            raise AssertionError(
                f"train_ddp on {world} ranks: the checkpoint's keys start with 'module.' ({next(iter(checkpoint))!r}): "
                "it was saved from the DDP wrapper, so it does not load into a bare model. Save "
                "ddp_model.module.state_dict() instead")
        fresh = _Recorder()
        try:
            fresh.load_state_dict(checkpoint, strict=True)
        except Exception as exc:  # noqa: BLE001 - reported to the student
            first = str(exc).strip().splitlines()[0]
            raise AssertionError(f"the checkpoint does not load into model_fn() with strict=True: {first}") from None
        final = results[0]["final_state"]
        for k, v in final.items():
            if not _close(checkpoint[k], v, 0, 0):
                raise AssertionError(
                    f"train_ddp on {world} ranks: the checkpoint's {k} is not the trained value: save after the last "
                    "epoch, once training is over")


# --------------------------------------------------------------------------- exercise 5


def _load_anywhere_rank(load_state_anywhere):
    from torch.nn.parallel import DistributedDataParallel as DDP

    dev = _device()

    def bare(seed):
        torch.manual_seed(seed)
        return _Net().to(dev)

    def wrapped(seed, kind):
        return DDP(bare(seed)) if kind == "ddp" else nn.DataParallel(bare(seed))

    sources = {"a bare model": bare(1).state_dict(), "a DDP-wrapped model": DDP(bare(1)).state_dict()}
    expected = _flat(bare(1).state_dict().values())
    targets = {
        "a bare model": lambda: bare(2),
        "a DDP-wrapped model": lambda: wrapped(2, "ddp"),
        "a DataParallel-wrapped model": lambda: wrapped(2, "dp"),
    }
    for source_name, sd in sources.items():
        for target_name, make in targets.items():
            target = make()
            keys_before = list(sd.keys())
            values_before = [v.clone() for v in sd.values()]
            try:
                load_state_anywhere(target, sd)
            except Exception as exc:  # noqa: BLE001 - reported to the student
                first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
                hint = (" The 'module.' prefix of a wrapped model's keys must be removed (or added) to match the target."
                        if "module." in str(exc) or "Missing key" in str(exc) else "")
                raise AssertionError(
                    f"loading a checkpoint from {source_name} into {target_name} raised {type(exc).__name__}: {first}.{hint}"
                ) from None
            assert list(sd.keys()) == keys_before and all(torch.equal(a, b) for a, b in zip(sd.values(), values_before)), (
                f"loading a checkpoint from {source_name} into {target_name} modified the caller's state_dict (its keys "
                "changed). Work on a copy: consume_prefix_in_state_dict_if_present strips the prefix IN PLACE, and the "
                "caller may still need the original")
            got = _flat(_unwrap(target).state_dict().values())
            if _close(got, _flat(bare(2).state_dict().values()), 0, 0):
                raise AssertionError(
                    f"loading a checkpoint from {source_name} into {target_name} left the weights unchanged: nothing was "
                    "loaded. Were the keys matched (the 'module.' prefix), and did you load with strict=True?")
            assert _close(got, expected, 0, 0), (
                f"loading a checkpoint from {source_name} into {target_name} did not give the checkpoint's weights")
    # strict=True: a checkpoint of another model must be refused, loudly.
    other = nn.Linear(5, 8).to(dev).state_dict()
    for target_name, make in targets.items():
        try:
            load_state_anywhere(make(), dict(other))
        except Exception:  # noqa: BLE001 - any loud failure will do
            continue
        raise AssertionError(
            f"a checkpoint of a different model (missing keys) loaded into {target_name} without an error: "
            "load with strict=True so a wrong checkpoint fails loudly instead of training from random weights")
    return True


def check_load_state_anywhere(load_state_anywhere) -> None:
    """Bare <-> DDP <-> DataParallel checkpoints load with strict=True, without touching the caller's dict."""
    _run("load_state_anywhere", _load_anywhere_rank, 1, load_state_anywhere)


# --------------------------------------------------------------------------- quiz

_QUIZ = {
    "q1": ("a", "DataParallel keeps the model as its attribute `module`, so every state_dict key gains the prefix "
                "'module.', on a CPU as on 8 GPUs."),
    "q2": ("c", "DDP's constructor broadcasts rank 0's parameters to every rank; no averaging happens at construction."),
    "q3": ("c", "DDP all-reduces gradients, whose shapes do not depend on the batch size; the result is the plain "
                "mean of the two ranks' gradients, which weighs rank 0's 3 samples as much as rank 1's 4."),
    "q4": ("d", "DistributedSampler gives rank r the indices r, r + 3, r + 6, ... of a list padded to a multiple of "
                "the number of replicas by repeating its start."),
    "q5": ("d", "DataParallel splits ONE batch across its GPUs; under DDP every process has its own DataLoader, so the "
                "global batch is batch_size x world_size."),
}


def check_quiz(question: str, answer) -> None:
    """Grade one quiz answer; the explanation is shown only when it is wrong."""
    key, explanation = _QUIZ[question]
    check_choice(question, answer, key, explanation)
