"""Probes of ps2_ddp: the inputs the hidden tests give the student's code, and what it did on real ranks.

Public (see `probes`): the rank functions below run the student's code on 2 and 4 ranks, each on
`helpers.rank_device()` (a GPU per rank when there are enough, else CPU with gloo), and return what it produced: gradients before and after
averaging, parameters after every step, shards, the batches and weights a training run met, the
checkpoint it wrote. The single-process references, the comparisons and the messages about mistakes
are in `autograders.ps2_ddp`, which rebuilds the same inputs from the builders here.
"""

from __future__ import annotations

import copy
import functools
import os
import random
import shutil
import sys
import tempfile

import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F

import helpers
from probes import check, outcome, report
from probes.common import run_ranks, run_ranks_seeded

#: Seconds one multi-process check may take. Honest code needs well under 2 s; a collective that
#: only some ranks call hangs, and this bounds what that costs the grading run.
TIMEOUT = 12.0
WORLD_SIZES = (2, 4)


# --------------------------------------------------------------------------- shared pieces

#: run_ranks with this assignment's TIMEOUT.
_run = functools.partial(run_ranks, timeout=TIMEOUT)




def _run_worlds(exercise: str, fn, args_for_world, home: int) -> dict:
    """fn on every world size in turn, each rank with a seed of its own (`helpers.drawn_seed()`, drawn per
    grading where the grader grades, home + rank elsewhere): {"runs": [per-rank results, ...], "seeds":
    [per-rank seeds, ...], "error": None or the crash/hang message}. A rank builds only its own part of the
    problem from its seed; the judge rebuilds the whole from the seeds, which come from the launcher.

    A crash or a hang on a later world size comes after what the earlier ones produced, so the judge
    decides on those first, as when each world size was checked before the next one ran.
    """
    runs, seeds = [], []
    for world in WORLD_SIZES:
        try:
            drawn, results = run_ranks_seeded(exercise, fn, world, *args_for_world(world), home=home + 100 * world,
                                              timeout=TIMEOUT)
        except AssertionError as exc:
            return {"runs": runs, "seeds": seeds, "error": str(exc)}
        runs.append(results)
        seeds.append(drawn)
    return {"runs": runs, "seeds": seeds, "error": None}


class _Net(nn.Module):
    """A tiny classifier with one frozen parameter (its .grad stays None) and one random buffer."""

    def __init__(self):
        super().__init__()
        self.encoder = nn.Linear(5, 8)  # begins with letters of "module.": only the exact prefix may go
        self.fc2 = nn.Linear(8, 3)
        self.frozen_scale = nn.Parameter(torch.rand(5) + 0.5, requires_grad=False)
        self.register_buffer("shift", torch.randn(5) * 0.1)

    def forward(self, x):
        return self.fc2(torch.tanh(self.encoder(x * self.frozen_scale + self.shift)))


def net(seed: int | None = None) -> nn.Module:
    """The model of exercises 1, 2 and 5 (built from `seed` when given, else from the current RNG)."""
    if seed is not None:
        torch.manual_seed(seed)
    return _Net()


def batches(num_steps: int, size: int, seed: int):
    """`num_steps` batches of `size` samples from `seed` (a private generator: independent of rank seeds).
    In a check, a rank builds its own part of every step's global batch with it from its drawn seed."""
    gen = torch.Generator().manual_seed(seed)
    return [(torch.randn(size, 5, generator=gen), torch.randint(0, 3, (size,), generator=gen)) for _ in range(num_steps)]


def global_batches(num_steps: int, per_rank: int, seeds) -> list:
    """Every step's global batch: rank r's part (`batches(num_steps, per_rank, seeds[r])`) at rows
    [r * per_rank, (r + 1) * per_rank). Only the judge builds it; no rank holds it unless it communicates."""
    parts = [batches(num_steps, per_rank, seed) for seed in seeds]
    return [(torch.cat([p[k][0] for p in parts]), torch.cat([p[k][1] for p in parts])) for k in range(num_steps)]


def flat(tensors) -> torch.Tensor:
    return torch.cat([t.detach().reshape(-1).float() for t in tensors])


def _grad(p):
    return None if p.grad is None else p.grad.detach().cpu().clone()


def unwrap(wrapped):
    return wrapped.module if isinstance(getattr(wrapped, "module", None), nn.Module) else wrapped


# --------------------------------------------------------------------------- exercise 1

AVERAGE_PER_RANK = 3


def average_seed(world: int) -> int:
    return 7 + world


def average_inputs(world: int, seeds):
    """(model, X, y) of the average_gradients check whose ranks drew `seeds`: rank r's shard of X is rows
    [r * 3, (r + 1) * 3), built by rank r alone from its seed."""
    (X, y), = global_batches(1, AVERAGE_PER_RANK, seeds)
    return net(average_seed(world)), X, y


def _average_gradients_rank(average_gradients, per_rank: int, seed: int):
    rank = dist.get_rank()
    dev = helpers.rank_device()
    model = net(seed).to(dev)  # the same replica on every rank
    torch.manual_seed(seed + 1000 + rank)  # anything random the student does differs per rank
    (X, y), = batches(1, per_rank, helpers.drawn_seed())  # this rank's shard only
    X, y = X.to(dev), y.to(dev)
    F.cross_entropy(model(X), y).backward()
    local = [_grad(p) for p in model.parameters()]
    before = [p.detach().clone() for p in model.parameters()]
    # "in place": each .grad must still be the same tensor, on the same memory, afterwards (the probe keeps the
    # old tensors alive, so a new one cannot reuse their memory)
    old = [(p.grad, None if p.grad is None else p.grad.data_ptr()) for p in model.parameters()]
    average_gradients(model)
    return {
        "names": [n for n, _ in model.named_parameters()],
        "changed": [not torch.equal(p.detach(), b) for p, b in zip(model.parameters(), before)],
        "local": local,
        "grads": [_grad(p) for p in model.parameters()],
        "in_place": [g is None or (p.grad is g and p.grad.data_ptr() == ptr) for p, (g, ptr) in zip(model.parameters(), old)],
    }


@check
def average_gradients(fn) -> None:
    """average_gradients on 2 and 4 ranks: each rank's gradients before and after the call."""
    report("ps2_ddp.average_gradients", _run_worlds(
        "average_gradients", _average_gradients_rank, lambda world: (fn, AVERAGE_PER_RANK, average_seed(world)), 700))


# --------------------------------------------------------------------------- exercise 2


def broadcast_seed(world: int) -> int:
    return 40 + world


def forward_input(base_seed: int) -> torch.Tensor:
    """The x of the check that MyDDP(model)(x) is model(x)."""
    return torch.randn(4, 5, generator=torch.Generator().manual_seed(base_seed + 7))


def _my_ddp_broadcast_rank(MyDDP, base_seed: int):
    dev = helpers.rank_device()
    model = net(helpers.drawn_seed()).to(dev)  # every rank starts from weights and buffers only it knows
    own = flat(model.parameters()).cpu()
    wrapped = MyDDP(model)
    assert isinstance(wrapped, nn.Module), f"MyDDP(model) must be an nn.Module, got {type(wrapped).__name__}"
    inner = unwrap(wrapped)
    params = list(inner.parameters())
    result = {"num_params": len(params), "own": own, "module_kept": getattr(wrapped, "module", None) is model}
    if len(params) != len(list(model.parameters())):
        return result  # the judge stops here
    result["params"] = flat(params).cpu()
    result["buffers"] = flat(inner.buffers()).cpu()
    out = wrapped(forward_input(base_seed).to(dev))
    result["forward"] = out.detach().cpu() if isinstance(out, torch.Tensor) else None
    return result


@check
def my_ddp_broadcast(MyDDP) -> None:
    """MyDDP(model) on 2 and 4 ranks seeded differently: each rank's parameters, buffers and forward afterwards."""
    report("ps2_ddp.my_ddp_broadcast", _run_worlds(
        "MyDDP (broadcast at construction)", _my_ddp_broadcast_rank, lambda world: (MyDDP, broadcast_seed(world)), 4000))


TRAINING = dict(num_steps=3, per_rank=3, lr=0.5)


def training_seed(world: int) -> int:
    return 60 + world


def _my_ddp_train_rank(MyDDP, num_steps: int, per_rank: int, lr: float, seed: int):
    rank = dist.get_rank()
    dev = helpers.rank_device()
    base = net(seed).to(dev)  # same start everywhere: this check is about the gradients
    mine = MyDDP(copy.deepcopy(base))
    inner = unwrap(mine)
    opt_mine = torch.optim.SGD([p for p in inner.parameters() if p.requires_grad], lr=lr)
    torch.manual_seed(seed + 1000 + rank)
    names = [n for n, p in inner.named_parameters()]
    steps = []
    for X, y in batches(num_steps, per_rank, helpers.drawn_seed()):  # this rank's part of each step's batch
        X, y = X.to(dev), y.to(dev)
        opt_mine.zero_grad()
        out = mine(X)
        F.cross_entropy(out, y).backward()
        local = [_grad(p) for p in inner.parameters()]
        mine.sync_gradients()
        grads = [_grad(p) for p in inner.parameters()]
        opt_mine.step()
        steps.append({"local": local, "grads": grads, "params": flat(inner.parameters()).cpu()})
    return {"names": names, "steps": steps}


@check
def my_ddp_training(MyDDP) -> None:
    """Three SGD steps of MyDDP on 2 and 4 ranks: gradients before and after sync_gradients, parameters after each step."""
    t = TRAINING
    report("ps2_ddp.my_ddp_training", _run_worlds(
        "MyDDP (training)", _my_ddp_train_rank,
        lambda world: (MyDDP, t["num_steps"], t["per_rank"], t["lr"], training_seed(world)), 6000))


# --------------------------------------------------------------------------- exercise 3

SHARD_CASES = [  # (num_items, world_size): sizes that divide evenly and sizes that do not
    (12, 2), (10, 3), (11, 4), (7, 4), (3, 4), (16, 4),
]


def shard_calls():
    """Every (num_items, world_size, shuffle, drop_last, epoch, seed) the check calls, for every rank."""
    for num_items, world in SHARD_CASES:
        for shuffle in (True, False):
            for drop_last in (False, True):
                for epoch in (0, 1):
                    for seed in (0, 5):
                        yield num_items, world, shuffle, drop_last, epoch, seed


def _shard_rank(shard_indices):
    """Call the student's function from a process whose global RNGs are seeded by rank."""
    rank = dist.get_rank()
    results = {}
    for num_items, world, shuffle, drop_last, epoch, seed in shard_calls():
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
    if not isinstance(out, list):
        raise AssertionError(f"shard_indices must return a list of ints, got {type(out).__name__}"
                             + (" (call .tolist() on it)" if hasattr(out, "tolist") else ""))
    items = out
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


def _shard_results(shard_indices) -> dict:
    """Run the student's function once (on 2 processes seeded differently) for every case; cached."""
    key = id(shard_indices)
    if key not in _SHARD_CACHE or _SHARD_CACHE[key][0] is not shard_indices:
        try:
            parts = _run("shard_indices", _shard_rank, 2, shard_indices)
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


@check
def shard_indices_disjoint_complete(fn) -> None:
    """Every rank's shard for every case (computed once for both shard checks)."""
    report("ps2_ddp.shard_indices_disjoint_complete", _shard_results(fn))


@check
def shard_indices_reshuffles(fn) -> None:
    report("ps2_ddp.shard_indices_reshuffles", _shard_results(fn))


# --------------------------------------------------------------------------- exercise 4


def _inside_ddp_forward():
    """True while torch's DistributedDataParallel.forward runs its module (torch notes the active DDP on its class
    for the length of that call), False outside; None where this torch does not note it (the judge then reads
    nothing into it). Read from torch, not from the student's code."""
    from torch.nn.parallel import DistributedDataParallel

    if not hasattr(DistributedDataParallel, "_active_ddp_module"):
        return None
    return DistributedDataParallel._active_ddp_module is not None


class _Recorder(nn.Module):
    """The grader's model for train_ddp: records every training batch and the parameters it met."""

    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(6, 8)
        self.fc2 = nn.Linear(8, 3)
        self.seen = []
        self.in_ddp = []  # per recorded forward: whether it ran inside torch's DistributedDataParallel.forward

    def forward(self, x):
        if self.training and torch.is_grad_enabled():
            self.seen.append((x.detach().cpu().clone(), flat(self.parameters()).cpu().clone()))
            self.in_ddp.append(_inside_ddp_forward())
        return self.fc2(torch.tanh(self.fc1(x)))


def recorder() -> nn.Module:
    """A fresh model of the kind model_fn() builds in the train_ddp check."""
    return _Recorder()


TRAIN = dict(num_items=32, global_batch_size=8, num_epochs=2, lr=0.5)
TRAIN_SEED = 3  # the seed train_ddp is given


def initial_model(seed: int) -> nn.Module:
    """The model model_fn() builds on a rank whose seed is `seed` (its own RNG: the rest of the rank's is left)."""
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(seed)
        return _Recorder()


def train_data():
    gen = torch.Generator().manual_seed(2024)
    X = torch.randn(TRAIN["num_items"], 6, generator=gen)
    y = torch.randint(0, 3, (TRAIN["num_items"],), generator=gen)
    return X, y


def _train_ddp_rank(train_ddp, checkpoint_path: str):
    from torch.utils.data import TensorDataset

    rank = dist.get_rank()
    built = []

    def model_fn():
        model = initial_model(helpers.drawn_seed())  # weights only this rank knows: rank 0's reach others by DDP
        built.append((model, copy.deepcopy(model.state_dict())))
        return model

    # Who saved is recorded one level below torch.save, in the two writers it calls by name, so that
    # torch.save keeps its identity (`from torch import save` works as it always does).
    import torch.serialization as serialization

    saves = []
    writers = {name: getattr(serialization, name) for name in ("_save", "_legacy_save")}

    def recording(name):
        def writer(*args, **kwargs):
            saves.append(name)
            return writers[name](*args, **kwargs)
        return writer

    printed = {"stdout": 0, "stderr": 0}

    class _Counting:
        """Counts what reaches a stream, then passes it on (print, logging and warnings go through it)."""

        def __init__(self, stream, key):
            self._stream, self._key = stream, key

        def write(self, text):
            if str(text).strip():
                printed[self._key] += 1
            return self._stream.write(text)

        def __getattr__(self, name):
            return getattr(self._stream, name)

    real_out, real_err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _Counting(real_out, "stdout"), _Counting(real_err, "stderr")
    for name in writers:  # this rank is a forked process: the patch dies with it
        setattr(serialization, name, recording(name))
    torch.manual_seed(500 + rank)  # different initial weights per rank: only DDP's broadcast aligns them
    random.seed(500 + rank)
    X, y = train_data()
    try:
        returned = train_ddp(model_fn, TensorDataset(X, y), TRAIN["global_batch_size"], TRAIN["num_epochs"],
                             TRAIN["lr"], checkpoint_path, seed=TRAIN_SEED)
    finally:
        for name, writer in writers.items():
            setattr(serialization, name, writer)
        sys.stdout, sys.stderr = real_out, real_err
    assert built, "train_ddp never called model_fn(): build the model with model_fn()"
    model, initial = built[0]
    return {
        "initial": {k: v.detach().cpu().clone() for k, v in initial.items()},
        "seen": model.seen,
        "in_ddp": model.in_ddp,
        "final": flat(model.parameters()).cpu().clone(),
        "final_state": {k: v.detach().cpu().clone() for k, v in model.state_dict().items()},
        "saves": saves,
        "returned": type(returned).__name__ if isinstance(returned, nn.Module) else None,
        "built": len(built),
        "printed": printed,
    }


INDIVISIBLE_BATCH = 9  # 9 samples per step cannot be split evenly over 2 ranks


def _train_ddp_indivisible_rank(train_ddp, checkpoint_path: str):
    from torch.utils.data import TensorDataset

    X, y = train_data()
    result = outcome(train_ddp, _Recorder, TensorDataset(X, y), INDIVISIBLE_BATCH, 1, TRAIN["lr"], checkpoint_path, seed=TRAIN_SEED)
    if "raised" in result:  # by name and message: the exception itself may not survive pickling
        return {"raised": type(result["raised"]).__name__, "message": str(result["raised"])[:500]}
    return {"returned": True}


_TRAIN_CACHE: dict = {}


def _train_runs(train_ddp) -> dict:
    """Run train_ddp on 2 and 4 ranks once per function object; both checks read the same runs.

    {world: {"results": per-rank results, "checkpoint": what torch.load(weights_only=True) gave
    (None when no file was written, the exception when it did not load)}}.
    """
    key = id(train_ddp)
    if key not in _TRAIN_CACHE or _TRAIN_CACHE[key][0] is not train_ddp:
        runs, error = {}, None
        tmp = tempfile.mkdtemp(prefix="ps2-ckpt-")
        try:
            for world in WORLD_SIZES:
                path = os.path.join(tmp, f"ckpt_{world}.pt")
                seeds, results = run_ranks_seeded("train_ddp", _train_ddp_rank, world, train_ddp, path,
                                                  home=500 + 100 * world, timeout=TIMEOUT)
                checkpoint = None
                if os.path.exists(path):
                    try:
                        checkpoint = torch.load(path, map_location="cpu", weights_only=True)
                    except Exception as exc:  # noqa: BLE001 - reported to the student
                        checkpoint = exc
                runs[world] = {"results": results, "checkpoint": checkpoint, "seeds": seeds}
            try:  # its own hang or crash costs only the cell that judges it
                runs["indivisible"] = _run("train_ddp", _train_ddp_indivisible_rank, 2, train_ddp,
                                           os.path.join(tmp, "indivisible.pt"))
            except AssertionError as exc:
                runs["indivisible"] = {"error": str(exc)}
        except AssertionError as exc:
            error = exc
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        _TRAIN_CACHE[key] = (train_ddp, runs, error)
    _, runs, error = _TRAIN_CACHE[key]
    if error is not None:
        raise AssertionError(str(error))
    return runs


@check
def train_ddp_matches_large_batch(fn) -> None:
    """train_ddp on 2 and 4 ranks: per rank, its initial weights, every batch and the weights it met, the end."""
    keep = ("initial", "seen", "in_ddp", "final", "returned", "printed")
    runs = _train_runs(fn)
    observation = {world: [{k: res[k] for k in keep} for res in runs[world]["results"]] for world in WORLD_SIZES}
    observation["indivisible"] = runs["indivisible"]
    observation["seeds"] = {world: runs[world]["seeds"] for world in WORLD_SIZES}  # from the launcher
    report("ps2_ddp.train_ddp_matches_large_batch", observation)


@check
def train_ddp_checkpoint(fn) -> None:
    """train_ddp on 2 and 4 ranks: who called torch.save, the checkpoint, rank 0's final state_dict."""
    report("ps2_ddp.train_ddp_checkpoint", {
        world: {"saves": [bool(res["saves"]) for res in run["results"]], "checkpoint": run["checkpoint"],
                "final_state": run["results"][0]["final_state"]}
        for world, run in _train_runs(fn).items() if world in WORLD_SIZES})


# --------------------------------------------------------------------------- exercise 5

SOURCES = ("a bare model", "a DDP-wrapped model")
TARGETS = ("a bare model", "a DDP-wrapped model", "a DataParallel-wrapped model")


def load_anywhere_seeds(seed: int) -> tuple[int, int]:
    """The seeds of load_state_anywhere's checkpoint model and of its targets, from the rank's drawn seed."""
    return seed, seed + 1


def _load_anywhere_rank(load_state_anywhere):
    from torch.nn.parallel import DistributedDataParallel as DDP

    dev = helpers.rank_device()
    seed = helpers.drawn_seed()  # drawn per grading (1 at home): no public constant tells the weights

    def bare(seed):
        return net(seed).to(dev)

    def wrapped(seed, kind):
        return DDP(bare(seed)) if kind == "ddp" else nn.DataParallel(bare(seed))

    src, dst = load_anywhere_seeds(seed)
    sources = dict(zip(SOURCES, (bare(src).state_dict(), DDP(bare(src)).state_dict())))
    makers = dict(zip(TARGETS, (lambda: bare(dst), lambda: wrapped(dst, "ddp"), lambda: wrapped(dst, "dp"))))
    loads = []
    for source_name in SOURCES:
        sd = sources[source_name]
        for target_name in TARGETS:
            target = makers[target_name]()
            keys_before = list(sd.keys())
            values_before = [v.clone() for v in sd.values()]
            result = outcome(load_state_anywhere, target, sd)
            returned_model = result.get("returned") is target
            if "raised" in result:  # by name and message: the exception itself may not survive pickling
                exc = result["raised"]
                loads.append({"raised": type(exc).__name__, "message": str(exc)[:2000]})
                return {"loads": loads, "refused": None}  # the judge stops at the first error
            loads.append({
                "mutated": not (list(sd.keys()) == keys_before
                                and all(torch.equal(a, b) for a, b in zip(sd.values(), values_before))),
                "weights": flat(unwrap(target).state_dict().values()).cpu(),
                "returned_model": returned_model,
            })
    # strict=True: a checkpoint of another model must be refused, loudly.
    other = nn.Linear(5, 8).to(dev).state_dict()
    strict = [outcome(load_state_anywhere, makers[target_name](), dict(other)) for target_name in TARGETS]
    return {"loads": loads, "refused": ["raised" in r for r in strict]}


@check
def load_state_anywhere(fn) -> None:
    """Checkpoints of a bare and a DDP model loaded into bare, DDP and DataParallel targets, then a wrong one."""
    seeds, results = run_ranks_seeded("load_state_anywhere", _load_anywhere_rank, 1, fn, home=1, timeout=TIMEOUT)
    report("ps2_ddp.load_state_anywhere", {**results[0], "seeds": seeds})


# --------------------------------------------------------------------------- quiz


@check
def quiz(question: str, answer) -> None:
    report("ps2_ddp.quiz", {"question": question, "answer": answer})
