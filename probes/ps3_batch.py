"""Probes of ps3_batch: the inputs the hidden tests give the student's functions, and what they report.

Public (see `probes`): the expected answers, the reference computations and the messages about
mistakes are in `autograders.ps3_batch`, which rebuilds the same inputs from the functions here.
Multi-process probes run the student's function on real ranks through `run_ranks_seeded` (on
`helpers.rank_device()`: the GPUs when there is one per rank, else CPU with gloo), with short
timeouts: a submission that hangs (for example uneven shards without `join()`) fails its cell in
seconds and never stalls the grader.

Their data is no public constant: each rank builds only its own part of every batch from its own seed
(`helpers.drawn_seed()`, drawn by the rank when graded, so no other rank knows it), before any student
code runs, and the probe reports the seeds the launcher handed back. The judge rebuilds the whole
problem from them with the builders below that take `seeds`. A rank that answers for the whole batch
has therefore learnt the other ranks' parts from them: by communicating.
"""

from __future__ import annotations

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch import nn

import helpers
from probes import bare, check, outcome, outcomes, report, returned, returns, unpredictable
from probes.observer import in_child, real, student_global
from probes.common import run_ranks_seeded

#: Seconds a multi-rank probe may run. The solution needs well under one; a hang costs this much.
HANG_TIMEOUT = 10.0

# --------------------------------------------------------------------------- batch arithmetic

#: (global_batch, world_size)
PER_RANK_VALUE_CASES = [(64, 4), (64, 1), (256, 8), (7, 7), (96, 3)]
#: (global_batch, world_size, what): splits that are impossible
PER_RANK_IMPOSSIBLE_CASES = [
    (10, 4, "10 samples do not split evenly over 4 ranks"),
    (64, 3, "64 samples do not split evenly over 3 ranks"),
    (3, 4, "more ranks (4) than samples (3)"),
    (0, 4, "a global batch of 0"),
    (-8, 2, "a negative global batch"),
    (64, 0, "world_size 0"),
]


@check
def per_rank_batch_values(fn) -> None:
    report("ps3_batch.per_rank_batch_values", returns(fn, [(case, {}) for case in PER_RANK_VALUE_CASES]))


#: Valid splits, which must not raise: an error check that refuses everything is no check.
PER_RANK_POSSIBLE_CASES = [(8, 8, "one sample per rank"), (7, 1, "one rank")]
#: Cases drawn afresh in every grading, possible splits and impossible ones.
DRAWN_CASES = 8


def drawn_splits(rng) -> list[tuple]:
    """Arguments for DRAWN_CASES calls of per_rank_batch, possible splits and impossible ones (which ones is
    kept nowhere: the student's code runs in a fork of this process; the judge decides from the arguments)."""
    cases = []
    plan = ["even"] * 3 + ["uneven", "empty", "ranks"] + [rng.choice(["even", "uneven", "empty", "ranks"])
                                                          for _ in range(DRAWN_CASES - 6)]
    rng.shuffle(plan)  # at least three possible splits and one of each impossible kind, in no fixed place
    for kind in plan:
        world = rng.randint(2, 16)
        if kind == "even":
            cases.append((world * rng.randint(1, 64), world))
        elif kind == "uneven":
            cases.append((world * rng.randint(1, 64) + rng.randint(1, world - 1), world))
        elif kind == "empty":
            cases.append((rng.randint(-64, 0), world))
        else:
            cases.append((world * rng.randint(1, 64), rng.randint(-4, 0)))
    return cases


@check
def per_rank_batch_impossible(fn) -> None:
    """The published impossible splits, two valid ones, then splits drawn where the observer grades."""
    drawn = drawn_splits(unpredictable(13))
    published = [((g, w), {}) for g, w, _ in PER_RANK_IMPOSSIBLE_CASES + PER_RANK_POSSIBLE_CASES]
    done = [{k: v for k, v in d.items() if k != "args"}
            for d in outcomes(fn, published + [(args, {}) for args in drawn])]
    report("ps3_batch.per_rank_batch_impossible", {
        "published": done[:len(published)],
        "drawn": [{"args": list(args), "outcome": d} for args, d in zip(drawn, done[len(published):])]})


#: (global_batch, world_size, max_micro_batch)
PLAN_CASES = [(256, 4, 16), (256, 4, 20), (256, 4, 64), (96, 4, 10), (28, 1, 10), (64, 2, 1), (60, 2, 7)]
#: (global_batch, world_size, max_micro_batch) for which no plan exists
IMPOSSIBLE_PLANS = [(10, 4, 8), (64, 4, 0)]
# What per_rank_batch answers for the calls plan_accumulation makes on the cases above; all but
# (10, 4) can be read off each case, and (10, 4) is the visible test's example of an impossible split.
_PLAN_PER_RANK = {(256, 4): 64, (96, 4): 24, (28, 1): 28, (64, 2): 32, (60, 2): 30, (64, 4): 16}


def _stand_in_per_rank_batch(students):
    """per_rank_batch for the plan_accumulation cases, so that a mistake in exercise 1 costs exercise 1
    only; any other call goes to the student's own per_rank_batch."""

    def per_rank_batch(global_batch, world_size):
        if (global_batch, world_size) == (10, 4):
            raise ValueError(f"a global batch of {global_batch} does not split over {world_size} ranks")
        try:
            return _PLAN_PER_RANK[(global_batch, world_size)]
        except (KeyError, TypeError):
            return students(global_batch, world_size)

    return per_rank_batch


def _plan_observed(fn) -> dict:
    """Every case, then the impossible plans, with per_rank_batch answered for these cases (in a process
    of its own when graded: the stand-in goes into the student's own namespace)."""
    fn = real(fn)
    namespace = getattr(fn, "__globals__", {})
    original = namespace.get("per_rank_batch")
    if original is not None:
        namespace["per_rank_batch"] = _stand_in_per_rank_batch(original)
    try:
        values = [fn(*case) for case in PLAN_CASES]
        impossible = [outcome(fn, *case) for case in IMPOSSIBLE_PLANS]
    finally:
        if original is not None:
            namespace["per_rank_batch"] = original
    return {"values": values, "impossible": impossible}


@check
def plan_accumulation_values(fn) -> None:
    """Every case, then the impossible plans, with per_rank_batch answered for these cases."""
    report("ps3_batch.plan_accumulation_values", in_child(_plan_observed, fn))


# --------------------------------------------------------------------------- learning rate

#: (base_lr, base_batch, global_batch)
SCALE_LR_CASES = [(0.1, 64, 256), (0.1, 256, 8192), (0.02, 64, 64), (0.4, 256, 64), (0.05, 32, 96)]


@check
def scale_lr_linear_rule(fn) -> None:
    report("ps3_batch.scale_lr_linear_rule", returns(fn, [(case, {}) for case in SCALE_LR_CASES]))


WARMUP_BASE, WARMUP_TARGET = 0.1, 0.8
WARMUP_STEPS = (5, 4, 1)


@check
def warmup_lr_schedule(fn) -> None:
    """The LR of steps 0 .. warmup_steps + 3 for each warmup length, then step 3 without warmup."""
    calls = [((s, WARMUP_BASE, WARMUP_TARGET, warmup_steps), {}) for warmup_steps in WARMUP_STEPS for s in range(warmup_steps + 4)]
    done = outcomes(fn, [*calls, ((3, WARMUP_BASE, WARMUP_TARGET, 0), {})])  # one child for them all
    values = iter(returned(done[:-1]))
    schedules = [[next(values) for _ in range(warmup_steps + 4)] for warmup_steps in WARMUP_STEPS]
    no_warmup = bare(done[-1])
    report("ps3_batch.warmup_lr_schedule", {"schedules": schedules, "no_warmup": no_warmup})


# --------------------------------------------------------------------------- accumulation with no_sync


def small_mlp(seed=0):
    torch.manual_seed(seed)
    return nn.Sequential(nn.Linear(5, 7), nn.Tanh(), nn.Linear(7, 2))


def accum_part(seed, cycles, micro_batches, micro_size):
    """One rank's micro-batches, from that rank's seed: part[cycle][micro] = (x, y)."""
    g = torch.Generator().manual_seed(seed)
    return [[(torch.randn(micro_size, 5, generator=g), torch.randn(micro_size, 2, generator=g)) for _ in range(micro_batches)]
            for _ in range(cycles)]


def accum_data(seeds, cycles, micro_batches, micro_size):
    """The whole problem, every rank's part from its seed (rank r's is seeds[r]): data[cycle][rank][micro] = (x, y)."""
    parts = [accum_part(seed, cycles, micro_batches, micro_size) for seed in seeds]
    return [[part[cycle] for part in parts] for cycle in range(cycles)]


#: (world_size, cycles, micro_batches, micro_size)
ACCUM_SETTINGS = [(2, 2, 3, 4), (2, 1, 1, 6)]
#: Rank r's seed where the ranks do not draw their own (a notebook at home, nbval): ACCUM_HOME + r.
ACCUM_HOME = 1234


def _accum_rank(accumulate_gradients, cycles, micro_batches, micro_size):
    from torch.distributed.algorithms.ddp_comm_hooks.default_hooks import allreduce_hook
    from torch.nn.parallel import DistributedDataParallel as DDP

    # This rank's part only, built before any student code runs: the other ranks' parts are theirs alone.
    part = accum_part(helpers.drawn_seed(), cycles, micro_batches, micro_size)
    rank = dist.get_rank()
    dev = helpers.rank_device()
    model = small_mlp(seed=rank).to(dev)  # different seeds: DDP's broadcast makes them equal
    ddp = DDP(model, device_ids=helpers.ddp_device_ids(dev))
    counter = {"calls": 0}
    # What each all-reduce carried (this rank's accumulated gradients, per parameter in model order, before DDP
    # averages them) and the batch size of every forward that autograd records, seen at torch's level: the comm
    # hook on the probe's own DDP model and a forward pre-hook on the probe's own module.
    position = {p.data_ptr(): i for i, p in enumerate(model.parameters())}
    reduced, forwards = [], []

    def counting_hook(state, bucket):
        counter["calls"] += 1
        carried = [None] * len(position)
        for p, g in zip(bucket.parameters(), bucket.gradients()):
            carried[position[p.data_ptr()]] = g.detach().cpu().clone()
        reduced.append(carried)
        return allreduce_hook(state, bucket)

    def forward_size(module, args):
        if torch.is_grad_enabled():
            forwards.append(int(args[0].shape[0]) if args and isinstance(args[0], torch.Tensor) and args[0].dim() else -1)

    ddp.register_comm_hook(dist.group.WORLD, counting_hook)
    model.register_forward_pre_hook(forward_size)
    results = []
    for cycle in range(cycles):
        before = counter["calls"]
        reduced.clear()
        forwards.clear()
        ddp.zero_grad(set_to_none=False)
        accumulate_gradients(ddp, F.mse_loss, [(x.to(dev, copy=True), y.to(dev, copy=True)) for x, y in part[cycle]])
        grads = [p.grad.detach().cpu().clone() if p.grad is not None else None for p in model.parameters()]
        results.append({"allreduces": counter["calls"] - before, "grads": grads, "reduced": list(reduced),
                        "forwards": list(forwards)})
        # Step like a training loop would, so the next cycle starts from new weights.
        with torch.no_grad():
            for p in model.parameters():
                if p.grad is not None:
                    p -= 0.1 * p.grad
    return results


_ACCUM_CACHE: dict = {}


def _accum_runs(accumulate_gradients) -> dict:
    """Run the accumulation probe once per submission; both test cells read the same run.

    {"seeds": per setting of ACCUM_SETTINGS, the ranks' seeds (from the launcher), "runs": per setting,
    per rank, per cycle: {"allreduces": n, "grads": [...], "reduced": per all-reduce, the rank's gradients it carried,
    "forwards": the batch size of each forward run with autograd on}}.
    """
    key = id(accumulate_gradients)
    if key not in _ACCUM_CACHE:
        try:
            seeds, runs = [], []
            for world_size, cycles, micro_batches, micro_size in ACCUM_SETTINGS:
                drawn, results = run_ranks_seeded("accumulate_gradients", _accum_rank, world_size, accumulate_gradients,
                                                  cycles, micro_batches, micro_size, home=ACCUM_HOME, timeout=HANG_TIMEOUT)
                seeds.append(drawn)
                runs.append(results)
            _ACCUM_CACHE[key] = ({"seeds": seeds, "runs": runs}, None)
        except AssertionError as exc:
            _ACCUM_CACHE[key] = (None, exc)
    observation, error = _ACCUM_CACHE[key]
    if error is not None:
        raise AssertionError(str(error))
    return observation


@check
def accumulate_gradients_match_large_batch(fn) -> None:
    report("ps3_batch.accumulate_gradients_match_large_batch", _accum_runs(fn))


@check
def accumulate_gradients_one_allreduce(fn) -> None:
    counts = [[[cycle["allreduces"] for cycle in rank] for rank in run] for run in _accum_runs(fn)["runs"]]
    report("ps3_batch.accumulate_gradients_one_allreduce", counts)


# --------------------------------------------------------------------------- uneven batch sizes

#: the number of samples on each rank
WEIGHTED_SIZES = [(4, 6), (1, 2, 3, 6)]


#: Rank r's seed where the ranks do not draw their own (a notebook at home, nbval): WEIGHTED_HOME + r.
WEIGHTED_HOME = 99


def weighted_part(seed, n):
    """One rank's n samples, from that rank's seed: (x, y)."""
    g = torch.Generator().manual_seed(seed)
    return torch.randn(n, 5, generator=g), torch.randn(n, 2, generator=g)


def uneven_data(seeds, sizes):
    """The whole batch: every rank's samples from its seed (rank r's sizes[r] from seeds[r]), rank 0's first."""
    parts = [weighted_part(seed, n) for seed, n in zip(seeds, sizes, strict=True)]
    return torch.cat([x for x, _ in parts]), torch.cat([y for _, y in parts])


def _weighted_rank(weighted_backward, sizes):
    from torch.nn.parallel import DistributedDataParallel as DDP

    rank = dist.get_rank()
    # This rank's samples only, built before any student code runs.
    x, y = weighted_part(helpers.drawn_seed(), sizes[rank])
    dev = helpers.rank_device()
    model = small_mlp(seed=rank).to(dev)
    ddp = DDP(model, device_ids=helpers.ddp_device_ids(dev))
    weighted_backward(ddp, F.mse_loss, x.to(dev, copy=True), y.to(dev, copy=True))
    return [p.grad.detach().cpu().clone() if p.grad is not None else None for p in model.parameters()]


@check
def weighted_backward_full_batch_gradient(fn) -> None:
    """{"seeds": per setting of WEIGHTED_SIZES, the ranks' seeds (from the launcher), "runs": per setting, per
    rank, the gradients weighted_backward left}."""
    seeds, runs = [], []
    for sizes in WEIGHTED_SIZES:
        drawn, results = run_ranks_seeded("weighted_backward", _weighted_rank, len(sizes), fn, sizes, home=WEIGHTED_HOME,
                                          timeout=HANG_TIMEOUT)
        seeds.append(drawn)
        runs.append(results)
    report("ps3_batch.weighted_backward_full_batch_gradient", {"seeds": seeds, "runs": runs})


# --------------------------------------------------------------------------- uneven numbers of batches

#: the number of batches on each rank
UNEVEN_COUNTS = [(2, 5), (3, 1, 4)]


#: Rank r's seed where the ranks do not draw their own (a notebook at home, nbval): UNEVEN_HOME + r.
UNEVEN_HOME = 7


def uneven_part(seed, count, batch=3):
    """One rank's `count` batches, from that rank's seed: [(x, y), ...]."""
    g = torch.Generator().manual_seed(seed)
    return [(torch.randn(batch, 5, generator=g), torch.randn(batch, 2, generator=g)) for _ in range(count)]


def uneven_batches(seeds, counts, batch=3):
    """Every rank's batches, from its seed (rank r's counts[r] from seeds[r]): [[(x, y), ...] per rank]."""
    return [uneven_part(seed, count, batch) for seed, count in zip(seeds, counts, strict=True)]


def _train_uneven_rank(train_uneven, counts):
    from torch.nn.parallel import DistributedDataParallel as DDP

    rank = dist.get_rank()
    # This rank's batches only (how many each rank has is public; what they hold is not), before any student code.
    mine = uneven_part(helpers.drawn_seed(), counts[rank])
    dev = helpers.rank_device()
    model = small_mlp(seed=rank).to(dev)
    ddp = DDP(model, device_ids=helpers.ddp_device_ids(dev))
    optimizer = torch.optim.SGD(ddp.parameters(), lr=0.1, momentum=0.9)
    batches = [(x.to(dev, copy=True), y.to(dev, copy=True)) for x, y in mine]
    train_uneven(ddp, optimizer, F.mse_loss, batches)
    return torch.cat([p.detach().flatten() for p in model.parameters()]).cpu()


@check
def train_uneven_finishes_and_matches(fn) -> None:
    """{"seeds": per setting of UNEVEN_COUNTS, the ranks' seeds (from the launcher), "runs": per setting, per
    rank, the final parameters, flattened}."""
    seeds, runs = [], []
    for counts in UNEVEN_COUNTS:
        try:
            drawn, results = run_ranks_seeded("train_uneven", _train_uneven_rank, len(counts), fn, counts,
                                              home=UNEVEN_HOME, timeout=HANG_TIMEOUT)
            seeds.append(drawn)
            runs.append(results)
        except AssertionError as exc:
            if "did not finish" in str(exc) or "Timed out" in str(exc) or "Connection closed" in str(exc):
                raise AssertionError(
                    f"{exc}\nWith shards of {', '.join(map(str, counts))} batches, the rank with fewer batches stops calling "
                    "backward, and the others wait forever in DDP's all-reduce: the training hangs. Wrap the loop in "
                    "`with ddp_model.join():` so that finished ranks shadow the all-reduces of the others"
                ) from None
            raise
    report("ps3_batch.train_uneven_finishes_and_matches", {"seeds": seeds, "runs": runs})


# --------------------------------------------------------------------------- memory budget


class ScaledLinear(nn.Module):
    """A linear layer whose weight is computed in forward: autograd saves batch-independent tensors too."""

    def __init__(self, n_in, n_out):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(n_out, n_in) / n_in**0.5)
        self.log_scale = nn.Parameter(torch.zeros(n_out, 1))

    def forward(self, x):
        return F.linear(x, self.weight * self.log_scale.exp())


def memory_models():
    """{description: (model, sample_shape)}"""
    torch.manual_seed(0)
    return {
        "an MLP with ReLU and Tanh": (nn.Sequential(nn.Linear(16, 64), nn.ReLU(), nn.Linear(64, 64), nn.Tanh(), nn.Linear(64, 4)), (16,)),
        "a model with a computed weight (batch-independent saved tensors)": (nn.Sequential(ScaledLinear(12, 48), nn.GELU(), ScaledLinear(48, 3)), (12,)),
        "a model with BatchNorm": (nn.Sequential(nn.Linear(8, 32), nn.BatchNorm1d(32), nn.ReLU(), nn.Linear(32, 2)), (8,)),
        "a small CNN": (nn.Sequential(nn.Conv2d(1, 4, 3, padding=1), nn.ReLU(), nn.Flatten(), nn.Linear(4 * 6 * 6, 3)), (1, 6, 6)),
    }


SAVED_BATCHES = (2, 5)


def saved_bytes_cases():
    """(description, model, x) for every model of memory_models() and batch of SAVED_BATCHES."""
    cases = []
    for name, (model, shape) in memory_models().items():
        for batch in SAVED_BATCHES:
            cases.append((name, model, torch.randn(batch, *shape)))
    return cases


@check
def saved_activation_bytes_values(fn) -> None:
    report("ps3_batch.saved_activation_bytes_values", returns(fn, [((model, x), {}) for _, model, x in saved_bytes_cases()]))


def budget_models():
    """The models largest_batch is tried on: memory_models() but BatchNorm (batch 1 is not allowed in training
    mode), and one far wider, whose samples save about 150 times more: no one number of bytes per sample, made
    up without looking at the model, is near what every model saves."""
    models = {name: case for name, case in memory_models().items() if "BatchNorm" not in name}
    torch.manual_seed(0)
    models["a wide MLP"] = (nn.Sequential(nn.Linear(10, 16384), nn.ReLU(), nn.Linear(16384, 2)), (10,))
    return models


def budgets(one, two):
    """The budgets largest_batch gets for a model whose batches 1 and 2 save `one` and `two` bytes."""
    per_sample = two - one
    fixed = one - per_sample
    return [fixed + per_sample * 37 + per_sample // 2, fixed + per_sample * 100, fixed + per_sample * 3 - 1]


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


@check
def largest_batch_fits_budget(fn) -> None:
    """largest_batch on budgets built from what the student's own saved_activation_bytes measures.

    largest_batch measures with saved_activation_bytes, so it is graded against that measurement: a
    mistake in saved_activation_bytes that leaves it linear in the batch costs that exercise only.
    For each model: the bytes of batches 1 and 2, and for each budget what largest_batch returned;
    then a budget below batch 1.
    """
    measure = student_global(fn, "saved_activation_bytes")
    if measure is None:
        raise AssertionError("largest_batch is checked with your saved_activation_bytes, which is not defined")
    models = budget_models()
    # each step's calls in one child: the measurements, then largest_batch on the budgets built from them
    measured = iter(returns(measure, [((model, torch.zeros(batch, *shape)), {})
                                      for model, shape in models.values() for batch in (1, 2)]))
    results = []
    for name, (model, shape) in models.items():
        one, two = next(measured), next(measured)
        if not (_is_number(one) and _is_number(two)):
            raise AssertionError(
                f"largest_batch is checked with your saved_activation_bytes, which returned {one!r} and {two!r} on {name} "
                "for batches 1 and 2: make it return a number of bytes first")
        if two <= one:
            raise AssertionError(
                f"largest_batch is checked with your saved_activation_bytes, which says that batch 2 of {name} saves "
                f"{two} bytes and batch 1 {one}: with memory that does not grow with the batch, there is no largest batch")
        # what the answer is judged by is the measurement of batches 1 and 2 above (saved memory grows
        # linearly with the batch), not the helper asked again at the batch the answer names
        results.append({"one": one, "two": two, "budgets": budgets(one, two)})
    calls = [((model, shape, budget), {}) for (model, shape), record in zip(models.values(), results)
             for budget in [*record["budgets"], record["one"] - 1]]
    done = iter(outcomes(fn, calls))
    for record in results:
        record["budgets"] = [{"got": got} for got in returned([next(done) for _ in record["budgets"]])]
        record["too_small"] = bare(next(done))
    report("ps3_batch.largest_batch_fits_budget", results)


# --------------------------------------------------------------------------- quiz


@check
def quiz(question: str, answer) -> None:
    report("ps3_batch.quiz", {"question": question, "answer": answer})
