"""Probes of ps5_scale: the inputs the hidden tests give the student's code, and what it did on real ranks.

Public (see `probes`): the rank functions below run the student's code on 2 and 4 ranks, each on
`helpers.rank_device()`, and return what happened there: parameters after every step, the
all-reduces each rank issued (counted at the process group, with how many gradients were ready and
whether the backward pass had returned when each was issued and when it was waited on), outputs and
gradients of a tensor-parallel block, the parameters each rank holds. Exercises 5 and 6 run in one process:
the layout functions on published cases and on cases drawn at every grading (their arguments reported), the
bytes per parameter, and a loss-scaled training loop on prefixes of fixed batches. The single-process references,
the comparisons and the messages about mistakes are in `autograders.ps5_scale`, which rebuilds the
same inputs from the builders here.
"""

from __future__ import annotations

import functools
import threading

import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F

import helpers
from probes import check, outcome, outcomes, report, unpredictable
from probes.observer import in_child, once, real
from probes.common import run_ranks, run_ranks_seeded

#: Seconds one multi-process check may take (honest code needs well under 2 s).
TIMEOUT = 12.0
WORLD_SIZES = (2, 4)

_run = functools.partial(run_ranks, timeout=TIMEOUT)


def _run_worlds(exercise: str, fn, args_for_world, worlds=WORLD_SIZES, home: int | None = None) -> dict:
    """fn on every world size in turn: {"runs": [per-rank results, ...], "error": None or the crash/hang message}.

    With `home`, each rank also gets a seed of its own (`helpers.drawn_seed()`: drawn per grading where the grader
    grades, home + 100 * world + rank elsewhere) from which it builds its own part of the problem, and the
    observation says them under "seeds" (from the launcher, never from what a rank returned)."""
    runs, seeds = [], []
    for world in worlds:
        try:
            if home is None:
                runs.append(_run(exercise, fn, world, *args_for_world(world)))
            else:
                drawn, results = run_ranks_seeded(exercise, fn, world, *args_for_world(world), home=home + 100 * world,
                                                  timeout=TIMEOUT)
                runs.append(results)
                seeds.append(drawn)
        except AssertionError as exc:
            return {"runs": runs, "error": str(exc), **({"seeds": seeds} if home is not None else {})}
    return {"runs": runs, "error": None, **({"seeds": seeds} if home is not None else {})}


def flat(tensors) -> torch.Tensor:
    return torch.cat([t.detach().reshape(-1).float().cpu() for t in tensors])


# --------------------------------------------------------------------------- counting all-reduces


_IN_CALLBACK = threading.local()  # a future's callback reading it (as in a comm hook) is not a wait


def _note_waited(entries, log: "_AllReduceLog") -> None:
    if getattr(_IN_CALLBACK, "depth", 0):
        return
    for entry in entries:
        if entry["waited"] is None:
            entry["waited"] = log.moment()


def _as_callback(fn):
    def run(future):
        _IN_CALLBACK.depth = getattr(_IN_CALLBACK, "depth", 0) + 1
        try:
            return fn(future)
        finally:
            _IN_CALLBACK.depth -= 1
    return run


class _Handle:
    """What the student's all_reduce returns: the real Work, with its wait() noted (and that of its future)."""

    def __init__(self, work, entry: dict, log: "_AllReduceLog"):
        self._work, self._entry, self._log = work, entry, log

    def wait(self, *args, **kwargs):
        _note_waited([self._entry], self._log)
        return self._work.wait(*args, **kwargs)

    def get_future(self):
        return _NotedFuture.following(self._work.get_future(), [self._entry], self._log)

    def __getattr__(self, name):
        return getattr(self._work, name)


class _NotedFuture(torch.futures.Future):
    """A Work's future (or one chained on it with then(), or collecting several): waiting on it counts as waiting
    on the all-reduces it stands for (not inside a callback chained on it, which runs when the all-reduce is done,
    whoever waits). Everything else is the real future's, so that with NCCL its wait still orders the current CUDA
    stream after the collective; it also completes with the real one, for code that hands it to torch itself."""

    @classmethod
    def following(cls, real: torch.futures.Future, entries: list, log: "_AllReduceLog") -> "_NotedFuture":
        noted = cls()
        noted._real, noted._entries, noted._log = real, entries, log

        def settle(done):
            try:
                noted.set_result(done.value())
            except Exception as exc:  # noqa: BLE001 - the all-reduce's own failure, handed on
                noted.set_exception(exc)

        real.add_done_callback(settle)
        return noted

    def wait(self):
        _note_waited(self._entries, self._log)
        return self._real.wait()

    def value(self):
        return self._real.value()

    def done(self):
        return self._real.done()

    def then(self, callback):
        return _NotedFuture.following(self._real.then(_as_callback(callback)), self._entries, self._log)

    def add_done_callback(self, callback):
        return self._real.add_done_callback(_as_callback(callback))


class _AllReduceLog:
    """Counts the all-reduces of this rank at the process group (every dist.all_reduce goes through
    `ProcessGroup.allreduce`): each one's number of elements, and the moment it was issued and waited
    on (through its Work, its future, a future chained on it or `torch.futures.wait_all`), as
    (gradients ready so far, whether the backward pass had returned)."""

    def __init__(self):
        self.entries, self.ready, self.backward_done, self.active = [], 0, False, False

    def moment(self) -> list:
        return [self.ready, self.backward_done]

    def __enter__(self):
        group = dist.ProcessGroup
        self._saved = group.allreduce, torch._C._collect_all
        (real, collect), log = self._saved, self

        def allreduce(pg, tensors, *args, **kwargs):
            work = real(pg, tensors, *args, **kwargs)
            if not log.active:
                return work
            numel = sum(t.numel() for t in tensors) if isinstance(tensors, (list, tuple)) else tensors.numel()
            entry = {"numel": int(numel), "issued": log.moment(), "waited": None}
            log.entries.append(entry)
            return _Handle(work, entry, log) if work is not None else work

        def collect_all(futures):  # torch.futures.wait_all and collect_all: waiting on the collection is waiting on each
            entries = [e for f in futures if isinstance(f, _NotedFuture) for e in f._entries]
            collected = collect([f._real if isinstance(f, _NotedFuture) else f for f in futures])
            return _NotedFuture.following(collected, entries, log) if entries else collected

        group.allreduce, torch._C._collect_all = allreduce, collect_all
        return self

    def __exit__(self, *exc):
        dist.ProcessGroup.allreduce, torch._C._collect_all = self._saved

    def take(self) -> list:
        entries, self.entries = self.entries, []
        return [{"numel": e["numel"], "issued": list(e["issued"]), "waited": None if e["waited"] is None else list(e["waited"])}
                for e in entries]


# --------------------------------------------------------------------------- exercises 1 and 2: overlapped DDP


def net(seed: int) -> nn.Module:
    """The model of exercises 1 and 2: six parameters of 384, 64, 1024, 64, 192 and 12 bytes (float32)."""
    torch.manual_seed(seed)
    return nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 16), nn.Tanh(), nn.Linear(16, 3))


def batches(num_steps: int, size: int, seed: int):
    """`num_steps` batches of `size` samples from `seed` (a private generator). In a check, rank r's part of
    every step's global batch is batches(num_steps, per_rank, seeds[r] + 1), built by rank r alone."""
    gen = torch.Generator().manual_seed(seed)
    return [(torch.randn(size, 6, generator=gen), torch.randint(0, 3, (size,), generator=gen)) for _ in range(num_steps)]


TRAINING = dict(num_steps=3, per_rank=3, lr=0.5)
#: (world size, bucket cap in bytes) of the bucketed checks: every parameter alone, a few buckets, one bucket
BUCKET_CASES = ((2, 0), (2, 1100), (4, 300), (4, 10**9))


def training_seed(world: int) -> int:
    return 20 + world


def global_batches(num_steps: int, per_rank: int, seeds) -> list:
    """Every step's global batch of the ranks that drew `seeds` (rank r's part at rows [r * per_rank, ...))."""
    parts = [batches(num_steps, per_rank, seed + 1) for seed in seeds]
    return [(torch.cat([p[k][0] for p in parts]), torch.cat([p[k][1] for p in parts])) for k in range(num_steps)]


def _train_rank(DDPClass, cap, num_steps: int, per_rank: int, lr: float, seed: int):
    rank = dist.get_rank()
    dev = helpers.rank_device()
    # From this rank's own seed: its starting weights (the wrapper broadcasts rank 0's) and its part of every
    # step's global batch. No rank knows another's: the full-batch gradient is known only by communicating.
    drawn = helpers.drawn_seed()
    model = net(drawn).to(dev)
    parts = [(X.to(dev), y.to(dev)) for X, y in batches(num_steps, per_rank, drawn + 1)]
    log = _AllReduceLog()
    for p in model.parameters():  # registered before the student's hooks: they run first
        p.register_post_accumulate_grad_hook(lambda p: setattr(log, "ready", log.ready + 1))
    with log:
        wrapped = DDPClass(model) if cap is None else DDPClass(model, cap)
        assert isinstance(wrapped, nn.Module), f"your class must be an nn.Module, got {type(wrapped).__name__}"
        start = flat(model.parameters())
        opt = torch.optim.SGD(model.parameters(), lr=lr)
        steps = []
        torch.manual_seed(seed + 1000 + rank)
        for X, y in parts:
            opt.zero_grad(set_to_none=True)
            log.ready, log.backward_done, log.active = 0, False, True
            F.cross_entropy(wrapped(X), y).backward()
            log.backward_done = True
            wrapped.finish_gradient_synchronization()
            log.active = False
            reduces = log.take()
            opt.step()
            steps.append({"reduces": reduces, "params": flat(model.parameters())})
    return {"start": start, "steps": steps}


def overlap_cases():
    """(world_size, bucket cap or None) of each run: OverlapDDP has no cap."""
    return [(world, None) for world in WORLD_SIZES]


def bucket_cases():
    return list(BUCKET_CASES)


def _training_runs(exercise: str, DDPClass, cases, keep: tuple) -> dict:
    """The runs of `cases` (one run for the checks of results and of method: `observer.once`), each rank's result
    cut down to the keys one judge reads (`keep`: of "start", "params", "reduces"), so that each check reports
    only what it judges."""
    observed = once((exercise, tuple(cases)), lambda: _all_training_runs(exercise, DDPClass, cases))
    runs = [[{**({"start": r["start"]} if "start" in keep else {}),
              "steps": [{k: s[k] for k in keep if k != "start"} for s in r["steps"]]} for r in run]
            for run in observed["runs"]]
    # The judge of results rebuilds the problem from the seeds; a judge of the method needs none.
    return {"runs": runs, "error": observed["error"], **({"seeds": observed["seeds"]} if "start" in keep else {})}


def _all_training_runs(exercise: str, DDPClass, cases) -> dict:
    t = TRAINING
    runs, seeds = [], []
    for index, (world, cap) in enumerate(cases):
        try:
            drawn, run = run_ranks_seeded(exercise, _train_rank, world, DDPClass, cap, t["num_steps"], t["per_rank"],
                                          t["lr"], training_seed(world), home=200 + 100 * index, timeout=TIMEOUT)
        except AssertionError as exc:
            return {"runs": runs, "error": str(exc), "seeds": seeds}
        seeds.append(drawn)
        runs.append(run)
    return {"runs": runs, "error": None, "seeds": seeds}


_RESULTS, _METHOD = ("start", "params"), ("reduces",)


@check
def overlap_ddp_matches_reference(OverlapDDP) -> None:
    """Three SGD steps with OverlapDDP on 2 and 4 ranks seeded differently: parameters after each step."""
    report("ps5_scale.overlap_ddp_matches_reference", _training_runs("OverlapDDP", OverlapDDP, overlap_cases(), _RESULTS))


@check
def overlap_ddp_overlaps(OverlapDDP) -> None:
    """OverlapDDP's all-reduces of each step: sizes, when issued and when waited on."""
    report("ps5_scale.overlap_ddp_overlaps", _training_runs("OverlapDDP", OverlapDDP, overlap_cases(), _METHOD))


@check
def bucketed_ddp_matches_reference(BucketedDDP) -> None:
    """Three SGD steps with BucketedDDP on 2 and 4 ranks, several bucket caps: parameters."""
    report("ps5_scale.bucketed_ddp_matches_reference", _training_runs("BucketedDDP", BucketedDDP, bucket_cases(), _RESULTS))


@check
def bucketed_ddp_one_all_reduce_per_bucket(BucketedDDP) -> None:
    """BucketedDDP's all-reduces of each step, for each cap: sizes, when issued and when waited on."""
    report("ps5_scale.bucketed_ddp_one_all_reduce_per_bucket",
           _training_runs("BucketedDDP", BucketedDDP, bucket_cases(), _METHOD))


# --------------------------------------------------------------------------- exercise 3: tensor parallelism


def operator_inputs(seed: int):
    """A rank's (x, grad): 3x4 tensors from its own seed."""
    gen = torch.Generator().manual_seed(seed)
    return torch.randn(3, 4, generator=gen), torch.randn(3, 4, generator=gen)


def _operators_rank(Copy, Reduce):
    from probes.observer import real

    Copy, Reduce = real(Copy), real(Reduce)  # in a rank the student's objects are real: .apply is needed
    dev = helpers.rank_device()
    seed = helpers.drawn_seed()  # this rank's own inputs: the sum over the ranks is known only by communicating
    seen = []
    for name, op in (("copy", Copy), ("reduce", Reduce)):
        x, g = operator_inputs(seed)
        x = x.to(dev).requires_grad_(True)
        y = op.apply(x)
        assert isinstance(y, torch.Tensor), f"{name}: apply must return a tensor, got {type(y).__name__}"
        y.backward(g.to(dev))
        seen.append((name, y.detach().cpu().clone(), None if x.grad is None else x.grad.detach().cpu().clone()))
    return {name: {"forward": forward, "grad": grad} for name, forward, grad in seen}


@check
def tp_operators(CopyToTensorParallel, ReduceFromTensorParallel) -> None:
    """f and g on 2 and 4 ranks, each rank its own input and output gradient, from a seed it drew (known to that
    rank only, said to the judge by the launcher): forward and input gradient."""
    report("ps5_scale.tp_operators", _run_worlds(
        "CopyToTensorParallel / ReduceFromTensorParallel", _operators_rank,
        lambda world: (CopyToTensorParallel, ReduceFromTensorParallel), home=1000))


#: (in_features, hidden, out_features) of the MLP checks: hidden divides by 2 and 4
MLP_SIZES = (6, 12, 5)
MLP_BATCH = 4  # rows of the MLP checks' input x


def mlp_inputs(world: int):
    """The input x, the output weights w of the loss (out * w).sum() and fc2's bias: the same on every rank."""
    gen = torch.Generator().manual_seed(mlp_seed(world))
    d, h, o = MLP_SIZES
    return (torch.randn(MLP_BATCH, d, generator=gen), torch.randn(MLP_BATCH, o, generator=gen),
            torch.randn(o, generator=gen) * 0.1)


def mlp_block(seed: int, world: int) -> tuple:
    """Rank r's block of the layers, from its seed: fc1's rows and bias slice, fc2's columns (h / world of them)."""
    d, h, o = MLP_SIZES
    gen = torch.Generator().manual_seed(seed)
    return (torch.randn(h // world, d, generator=gen) * 0.4, torch.randn(h // world, generator=gen) * 0.1,
            torch.randn(o, h // world, generator=gen) * 0.3)


def _linear(weight: torch.Tensor, bias: torch.Tensor) -> nn.Linear:
    layer = nn.Linear(weight.shape[1], weight.shape[0])
    with torch.no_grad():
        layer.weight.copy_(weight)
        layer.bias.copy_(bias)
    return layer


def mlp_layers(seeds) -> tuple:
    """The unsplit fc1 and fc2 of the ranks that drew `seeds` (block r from seeds[r]), x and w: the judge's."""
    world = len(seeds)
    blocks = [mlp_block(seed, world) for seed in seeds]
    x, w, bias2 = mlp_inputs(world)
    fc1 = _linear(torch.cat([b[0] for b in blocks]), torch.cat([b[1] for b in blocks]))
    fc2 = _linear(torch.cat([b[2] for b in blocks], dim=1), bias2)
    return fc1, fc2, x, w


def rank_mlp_layers(seed: int, rank: int, world: int) -> tuple:
    """What rank `rank` is given: full-size fc1 and fc2 whose block `rank` is the unsplit layers' (from its
    seed) and whose other blocks are noise of its own, x and w. A rank that computes with the other blocks
    gets a wrong answer; the right one needs the other ranks' partial results."""
    d, h, o = MLP_SIZES
    part = slice(rank * (h // world), (rank + 1) * (h // world))
    noise = torch.Generator().manual_seed(seed + 1)
    w1, b1, w2 = torch.randn(h, d, generator=noise), torch.randn(h, generator=noise), torch.randn(o, h, generator=noise)
    w1[part], b1[part], w2[:, part] = mlp_block(seed, world)
    x, w, bias2 = mlp_inputs(world)
    return _linear(w1, b1), _linear(w2, bias2), x, w


def mlp_seed(world: int) -> int:
    return 50 + world


def _param(module, attr: str, name: str):
    t = getattr(module, attr, None) if module is not None else None
    if not isinstance(t, torch.Tensor):
        raise AssertionError(f"TensorParallelMLP: self.{name} must be a tensor (an nn.Parameter), "
                             f"found {type(t).__name__}")
    return t


def _mlp_rank(MLP):
    dev = helpers.rank_device()
    fc1, fc2, x, w = rank_mlp_layers(helpers.drawn_seed(), dist.get_rank(), dist.get_world_size())
    fc1, fc2, x, w = fc1.to(dev), fc2.to(dev), x.to(dev), w.to(dev)
    log = _AllReduceLog()
    with log:
        block = MLP(fc1, fc2)
        assert isinstance(block, nn.Module), f"TensorParallelMLP must be an nn.Module, got {type(block).__name__}"
        x = x.clone().requires_grad_(True)
        log.active = True
        out = block(x)
        forward = log.take()
        assert isinstance(out, torch.Tensor), f"TensorParallelMLP's forward must return a tensor, got {type(out).__name__}"
        (out * w).sum().backward()
        backward = log.take()
        log.active = False
    held = sum(p.numel() for p in block.parameters())
    tensors = {}
    for layer in ("fc1", "fc2"):
        sub = getattr(block, layer, None)
        for attr in ("weight", "bias"):
            t = _param(sub, attr, f"{layer}.{attr}")
            tensors[f"{layer}.{attr}"] = {"value": t.detach().cpu().clone(),
                                          "grad": None if t.grad is None else t.grad.detach().cpu().clone()}
    return {"out": out.detach().cpu().clone(), "x_grad": None if x.grad is None else x.grad.detach().cpu().clone(),
            "forward_reduces": [e["numel"] for e in forward], "backward_reduces": [e["numel"] for e in backward],
            "held": int(held), "tensors": tensors}


def _mlp_runs(MLP, keep: tuple) -> dict:
    observed = once("TensorParallelMLP", lambda: _run_worlds("TensorParallelMLP", _mlp_rank, lambda world: (MLP,),
                                                             home=2000))
    observed["runs"] = [[{k: r[k] for k in keep} for r in run] for run in observed["runs"]]
    if "out" not in keep:
        del observed["seeds"]  # only the judge of results rebuilds the layers from them
    return observed


@check
def tp_mlp_matches_reference(TensorParallelMLP) -> None:
    """TensorParallelMLP on 2 and 4 ranks: output, input gradient, every shard and its gradient."""
    report("ps5_scale.tp_mlp_matches_reference", _mlp_runs(TensorParallelMLP, ("out", "x_grad", "tensors")))


@check
def tp_mlp_communication(TensorParallelMLP) -> None:
    """TensorParallelMLP on 2 and 4 ranks: the all-reduces in forward and in backward (the elements each
    carried), parameters held per rank."""
    report("ps5_scale.tp_mlp_communication", _mlp_runs(TensorParallelMLP, ("forward_reduces", "backward_reduces", "held")))


# --------------------------------------------------------------------------- exercise 4: ZeRO-1


def zero_net(seed: int) -> nn.Module:
    """The model of the ZeRO-1 checks: 7 parameters (not a multiple of 2 or 4), the same on every rank."""
    torch.manual_seed(seed)
    return nn.Sequential(nn.Linear(6, 10), nn.Tanh(), nn.Linear(10, 10), nn.Tanh(), nn.Linear(10, 3),
                         nn.Linear(3, 3, bias=False))


#: Adam's eps is 1e-3, not 1e-8: a first step moves a parameter by lr * g / (|g| + eps), and where a gradient is
#: near 1e-8 the rounding of the ranks' all-reduce flipped the step against one process's (5 draws in 3,000 past
#: 1e-5: a correct submission lost the cell at random). With 1e-3 a step moves at most lr / eps times a gradient's
#: rounding error.
ZERO_TRAINING = dict(num_steps=3, per_rank=3, lr=0.05, eps=1e-3)


ZERO_HOME = 70  # rank r's seed outside the grader: ZERO_HOME + 100 * world + r


def zero_owners(num_params: int, world: int) -> list:
    """The rank that owns each parameter under the exercise's sharding: contiguous blocks of `params`, the
    first num_params % world ranks one more."""
    base, extra = divmod(num_params, world)
    out = []
    for r in range(world):
        out += [r] * (base + (1 if r < extra else 0))
    return out


def zero_batches(seed: int, num_steps: int, per_rank: int) -> list:
    """A rank's own part of every step's global batch, from its seed (the judge rebuilds each rank's)."""
    gen = torch.Generator().manual_seed(seed + 1)
    return [(torch.randn(per_rank, 6, generator=gen), torch.randn(per_rank, 3, generator=gen)) for _ in range(num_steps)]


def _zero_rank(Sharded, num_steps: int, per_rank: int, lr: float, eps: float):
    """Each rank draws its own seed: the model comes from rank 0's (sent to the others here, before the student's
    code runs), each rank's part of the batch from its own. After the gradients are averaged, a rank keeps the
    right gradient only for the parameters it owns (the exercise's sharding) and gets noise of its own for the
    others: only a step that takes each shard's update from its owner ends on Adam's result."""
    rank, world = dist.get_rank(), dist.get_world_size()
    dev = helpers.rank_device()
    seed = helpers.drawn_seed()
    first = torch.tensor([seed], dtype=torch.int64)
    dist.broadcast(first, src=0)  # a bookkeeping collective on CPU (gloo carries it next to NCCL)
    model = zero_net(int(first.item())).to(dev)
    params = list(model.parameters())
    owner = zero_owners(len(params), world)
    opt = Sharded(params, torch.optim.Adam, lr=lr, eps=eps)
    steps = []
    noise = torch.Generator().manual_seed(seed + 2)
    for X, y in zero_batches(seed, num_steps, per_rank):
        opt.zero_grad()
        F.mse_loss(model(X.to(dev)), y.to(dev)).backward()
        for p, r in zip(params, owner):  # data parallelism's averaged gradients, done here: the exercise is the optimizer
            dist.all_reduce(p.grad)
            p.grad /= world
            if r != rank:  # not this rank's shard: its owner steps it, so what this rank holds must not matter
                p.grad.copy_(torch.randn(p.grad.shape, generator=noise).to(dev))
        opt.step()
        steps.append(flat(params))
    return {"steps": steps, "held": _optimizer_state_held(params)}


def _optimizer_state_held(params) -> list | None:
    """[[parameter index, bytes of optimizer state], ...] over every optimizer of this rank that steps any of
    `params` (not only the class's self.optimizer: a second, hidden optimizer for the other shards counts
    too), each state tensor once; state of tensors that are not `params` under index -1. None: no optimizer."""
    import gc
    import warnings

    index = {id(p): i for i, p in enumerate(params)}
    with warnings.catch_warnings():   # isinstance on every object touches torch's deprecated aliases (FutureWarning)
        warnings.simplefilter("ignore", FutureWarning)
        optimizers = [o for o in gc.get_objects() if isinstance(o, torch.optim.Optimizer)
                      and any(id(p) in index for group in o.param_groups for p in group["params"])]
    if not optimizers:
        return None
    held, seen = {}, set()
    for optimizer in optimizers:
        for key, value in optimizer.state.items():
            i = index.get(id(key), -1)
            for t in value.values():
                if torch.is_tensor(t) and t.dim() > 0 and id(t) not in seen:
                    seen.add(id(t))
                    held[i] = held.get(i, 0) + t.numel() * t.element_size()
            held.setdefault(i, 0)
    return [[i, b] for i, b in sorted(held.items())]


def _zero_runs(Sharded, keep: str) -> dict:
    t = ZERO_TRAINING
    observed = once("ShardedOptimizer", lambda: _run_worlds(
        "ShardedOptimizer", _zero_rank, lambda world: (Sharded, t["num_steps"], t["per_rank"], t["lr"], t["eps"]),
        home=ZERO_HOME))
    observed["runs"] = [[r[keep] for r in run] for run in observed["runs"]]
    return observed


@check
def zero1_matches_adam(ShardedOptimizer) -> None:
    """ShardedOptimizer(Adam) on 2 and 4 ranks, 7 parameters: the parameters after each of 3 steps."""
    report("ps5_scale.zero1_matches_adam", _zero_runs(ShardedOptimizer, "steps"))


@check
def zero1_state_sharded(ShardedOptimizer) -> None:
    """ShardedOptimizer(Adam) on 2 and 4 ranks: the bytes of optimizer state each rank holds, per parameter, in
    every optimizer that steps the model's parameters."""
    report("ps5_scale.zero1_state_sharded", _zero_runs(ShardedOptimizer, "held"))


# --------------------------------------------------------------------------- quiz


@check
def quiz(question: str, answer) -> None:
    report("ps5_scale.quiz", {"question": question, "answer": answer})


# --------------------------------------------------------------------------- exercise 5: choosing a layout

LAYOUTS = ("DP", "ZeRO-1", "ZeRO-2", "ZeRO-3", "TP", "PP")
PRECISIONS = ("fp32 Adam", "mixed-precision Adam")


def transformer(name: str, layers: int, hidden: int, seq: int, batch: int) -> dict:
    """Lecture 5's description of a transformer: 12 L h^2 parameters, 34 s h L bytes of 16-bit activations a sequence."""
    return {"name": name, "params": 12 * layers * hidden**2, "layers": layers, "hidden": hidden, "seq": seq,
            "batch": batch, "activation_bytes_per_seq": 34 * seq * hidden * layers}


def cluster(name: str, devices: int, per_node: int, memory: float, in_node: float = 200e9,
            between_nodes: float = 25e9, flops: float = 400e12) -> dict:
    """Lecture 5's description of a cluster: devices, devices per node, bytes of memory per device, bytes per
    second over the node's links and between nodes, FLOP/s per device."""
    return {"name": name, "devices": devices, "per_node": per_node, "memory": memory, "in_node": in_node,
            "between_nodes": between_nodes, "flops": flops}


def layout_cases() -> list:
    """(model, cluster, precision) of the published cases: the lecture's three (the model size decides between DP
    and the sharded layouts, the interconnect between TP and PP), fp32, more devices, models that fit nowhere, and
    one case for each ZeRO stage. Every cluster has at least 2 devices."""
    one_node = cluster("8 GPUs in one node", 8, 8, 80e9)
    eight_nodes = cluster("8 nodes of 1 GPU", 8, 1, 80e9)
    small = transformer("a 12-layer, 768-wide transformer", 12, 768, 1024, 64)
    large = transformer("a 30B transformer", 48, 7168, 1024, 8)
    huge = transformer("a 175B transformer", 96, 12288, 2048, 8)
    mid = transformer("a 24-layer, 2048-wide transformer", 24, 2048, 2048, 16)
    mixed, fp32 = PRECISIONS[1], PRECISIONS[0]
    return [
        (small, one_node, mixed), (large, one_node, mixed), (large, eight_nodes, mixed),
        (small, eight_nodes, mixed), (small, one_node, fp32), (mid, one_node, mixed), (mid, one_node, fp32),
        (mid, cluster("4 nodes of 8 GPUs", 32, 8, 40e9), mixed),
        (large, cluster("64 GPUs, 8 a node", 64, 8, 80e9), mixed),
        (huge, one_node, mixed), (large, cluster("8 small GPUs", 8, 8, 16e9), fp32),
        (transformer("12 layers of width 4096, batch 256", 12, 4096, 1024, 256), one_node, mixed),
        (transformer("12 layers of width 4096, batch 64", 12, 4096, 2048, 64), cluster("8 GPUs of 40 GB", 8, 8, 40e9), mixed),
        (transformer("24 layers of width 4096", 24, 4096, 2048, 16), cluster("8 GPUs of 24 GB", 8, 8, 24e9), mixed),
    ]


#: Cases drawn afresh in every grading (besides the published ones), in triples: a model and a cluster, the same
#: model on the same devices spread one a node (the interconnect), and a model 4 times deeper on the first cluster.
DRAWN_LAYOUT_CASES = 24


def drawn_layout_cases(rng) -> list:
    """DRAWN_LAYOUT_CASES (model, cluster, precision), from `rng` (`probes.unpredictable` where the observer grades)."""
    cases = []
    for _ in range(DRAWN_LAYOUT_CASES // 3):
        layers, hidden = rng.choice([4, 8, 12, 24, 32, 48]), rng.choice([512, 1024, 2048, 4096, 6144, 8192])
        seq, batch = rng.choice([256, 512, 1024, 2048, 4096]), rng.choice([1, 2, 4, 8, 16, 32, 64])
        devices = rng.choice([2, 4, 8, 16, 32, 64])
        per_node = rng.choice([n for n in (1, 2, 4, 8) if n <= devices] + [devices])
        gpus = cluster(f"{devices} GPUs, {per_node} a node", devices, per_node, rng.choice([16e9, 24e9, 40e9, 80e9, 141e9]),
                       in_node=rng.choice([100e9, 200e9, 450e9, 900e9]), between_nodes=rng.choice([12.5e9, 25e9, 50e9]),
                       flops=rng.choice([100e12, 300e12, 400e12, 1000e12]))
        precision = rng.choice(PRECISIONS)
        model = transformer(f"{layers} layers of width {hidden}", layers, hidden, seq, batch)
        spread = dict(gpus, name=f"{devices} nodes of 1 GPU", per_node=1)
        deeper = transformer(f"{4 * layers} layers of width {hidden}", 4 * layers, hidden, seq, batch)
        cases += [(model, gpus, precision), (model, spread, precision), (deeper, gpus, precision)]
    return cases


def _outcomes(fn, calls) -> list:
    """fn(*args) for every args of `calls`, all in one child where the observer runs them: {"returned": ...} or
    {"raised": ...} each."""
    return [{k: v for k, v in d.items() if k != "args"} for d in outcomes(fn, [(tuple(args), {}) for args in calls])]


def _layout_outcomes(fn, cases) -> list:
    """fn(model, cluster, precision) on every case, each with copies of the dicts (a call that changes its arguments
    changes no other call's)."""
    return _outcomes(fn, [(dict(m), dict(c), p) for m, c, p in cases])


def _layout_observation(fns: dict, seed: int) -> dict:
    """Every published case and DRAWN_LAYOUT_CASES drawn ones: the drawn arguments, and each function's outcomes."""
    published, drawn = layout_cases(), drawn_layout_cases(unpredictable(seed))
    out = {"drawn": [[m, c, p] for m, c, p in drawn]}
    for key, fn in fns.items():
        out[key] = _layout_outcomes(fn, published + drawn)
    return out


@check
def layout_costs_match(layout_costs) -> None:
    """Exercise 5: layout_costs(model, cluster, precision) on the published cases and on cases drawn for this grading."""
    report("ps5_scale.layout_costs_match", _layout_observation({"costs": layout_costs}, 51))


def _case_key(model, cluster, precision) -> str:
    import json

    return json.dumps([model, cluster, precision], sort_keys=True, default=str)


def stand_in_tables(cases, rng) -> list:
    """A costs table per case, drawn (`rng`): distinct seconds and bytes, memory around the device's (some layouts fit,
    some do not; in one case of eight none does), and in one case of four a tie between two fitting layouts. The
    choice is judged on these, so a mistake of layout_costs costs its own cell only, and a made-up table of the
    student's earns nothing (round 17: one table of equal costs for every layout made a constant answer right)."""
    tables = []
    for index, (_, gpus, _) in enumerate(cases):
        memory = float(gpus["memory"])
        table = {}
        for name in LAYOUTS:
            fits = index % 8 != 7 and rng.random() < 0.6
            table[name] = {"memory": memory * (rng.uniform(0.2, 0.95) if fits else rng.uniform(1.05, 3.0)),
                           "sent": 10 ** rng.uniform(6, 11), "seconds": 10 ** rng.uniform(-4, 0)}
        fitting = [name for name in LAYOUTS if table[name]["memory"] <= memory]
        if index % 4 == 1 and len(fitting) >= 2:  # a tie between the two fastest fitting layouts: the earlier wins
            fast = sorted(fitting, key=lambda n: table[n]["seconds"])[:2]
            table[max(fast, key=LAYOUTS.index)]["seconds"] = table[min(fast, key=LAYOUTS.index)]["seconds"]
        tables.append(table)
    return tables


def _choices_on_tables(choose_layout, cases, tables) -> list:
    """In the child: choose_layout on every case, with the name layout_costs of its notebook answering each case's
    drawn table (any other call goes to the student's own layout_costs)."""
    import copy

    fn = real(choose_layout)
    namespace = getattr(fn, "__globals__", {})
    original = namespace.get("layout_costs")
    by_case = {_case_key(m, c, p): t for (m, c, p), t in zip(cases, tables)}

    def layout_costs(model, cluster, precision="mixed-precision Adam"):
        table = by_case.get(_case_key(model, cluster, precision))
        if table is not None:
            return copy.deepcopy(table)
        if original is None:
            raise NameError("name 'layout_costs' is not defined")
        return original(model, cluster, precision)

    namespace["layout_costs"] = layout_costs
    try:
        results = [outcome(fn, dict(m), dict(c), p) for m, c, p in cases]
    finally:
        if original is not None:
            namespace["layout_costs"] = original
    for index, (m, c, p) in enumerate(cases):
        if "raised" in results[index]:  # it needs more of its own table than the three numbers: judged on the reference
            results[index] = dict(outcome(fn, dict(m), dict(c), p), own=True)
    return results


@check
def layout_choice(choose_layout, layout_costs) -> None:
    """Exercise 5: choose_layout(model, cluster, precision) on the same cases, its notebook's layout_costs answering
    tables drawn for this grading (the choice is judged on those; on the reference costs where the student's
    choose_layout computes its own)."""
    rng = unpredictable(52)
    published, drawn = layout_cases(), drawn_layout_cases(rng)
    cases = published + drawn
    tables = stand_in_tables(cases, rng)
    report("ps5_scale.layout_choice", {"drawn": [[m, c, p] for m, c, p in drawn], "tables": tables,
                                       "choice": in_child(_choices_on_tables, choose_layout, cases, tables)})


# --------------------------------------------------------------------------- exercise 6: mixed precision

PRECISION_FORMATS = ("fp32", "fp16", "bf16")


@check
def bytes_per_parameter(fn) -> None:
    """Exercise 6: fn(precision) for fp32, fp16 and bf16 training with Adam."""
    report("ps5_scale.bytes_per_parameter", {"results": _outcomes(fn, [(p,) for p in PRECISION_FORMATS])})


def mp_model(seed: int = 5) -> nn.Module:
    """The model of the loss-scaling check (fp32 parameters, on CPU): seed 5 for the published runs."""
    torch.manual_seed(seed)
    return nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))


#: The step (from 0) whose targets are 10^4 times larger: its scaled gradients overflow fp16.
MP_OVERFLOW = 3
MP_STEPS = 7
#: lr of the SGD optimizer, and the arguments of the student's function. With max_norm 0.7 some steps are clipped
#: and some are not; with growth_interval 2 the scale grows twice and is halved once.
MP_TRAINING = dict(lr=0.1, max_norm=0.7, init_scale=2.0**10, growth_interval=2)


def mp_batches(seed: int = 6) -> list:
    """MP_STEPS batches (x, y) of 8 samples, all on CPU; the batch MP_OVERFLOW has huge targets. Seed 6 for the
    published runs."""
    gen = torch.Generator().manual_seed(seed)
    out = []
    for k in range(MP_STEPS):
        x, y = torch.randn(8, 8, generator=gen), torch.randn(8, 4, generator=gen)
        out.append((x, y * 1e4 if k == MP_OVERFLOW else y))
    return out


def _mp_runs(fn) -> list:
    """fn trained on the first k batches, for k = 1 .. MP_STEPS, each from the same fresh model and optimizer: what
    it returned or raised, and the parameters after it."""
    t = MP_TRAINING
    runs = []
    for k in range(1, MP_STEPS + 1):
        model = mp_model()
        optimizer = torch.optim.SGD(model.parameters(), lr=t["lr"])
        done = outcome(fn, model, optimizer, mp_batches()[:k], t["max_norm"], t["init_scale"], t["growth_interval"])
        runs.append({**done, "params": flat(model.parameters())})
    return runs


#: Draws of a model and batches for each grading (seed d: mp_model(d), mp_batches(d + 1)), besides the published
#: ones: a function that recognises the published inputs and answers from a table made beforehand gains nothing on
#: these. The judge checks a draw whose outcome no rounding can change (no step near overflowing or near the clip).
MP_DRAWS = 5


def mp_draws(rng) -> list:
    """MP_DRAWS seeds from `rng` (`probes.unpredictable` where the observer grades)."""
    return [rng.randrange(1000, 2**31) for _ in range(MP_DRAWS)]


def _mp_drawn_runs(fn, seeds) -> list:
    """fn trained on all MP_STEPS batches of each drawn seed, from a fresh model and optimizer."""
    t = MP_TRAINING
    runs = []
    for seed in seeds:
        model = mp_model(seed)
        optimizer = torch.optim.SGD(model.parameters(), lr=t["lr"])
        done = outcome(fn, model, optimizer, mp_batches(seed + 1), t["max_norm"], t["init_scale"], t["growth_interval"])
        runs.append({**done, "params": flat(model.parameters())})
    return runs


@check
def loss_scaling_matches_reference(fn) -> None:
    """Exercise 6: train_with_loss_scaling on 1, 2, ... MP_STEPS batches: the scales it returned, the parameters; then
    on the batches of MP_DRAWS models drawn for this grading (their seeds from here, never from the student's process)."""
    seeds = mp_draws(unpredictable(61))
    report("ps5_scale.loss_scaling_matches_reference", {"runs": in_child(_mp_runs, fn),
                                                        "drawn": {"seeds": seeds, "runs": in_child(_mp_drawn_runs, fn, seeds)}})
