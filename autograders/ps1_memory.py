"""Hidden tests of ps1_memory ("Why one device is not enough"). Never released to students.

Each `check_*` function takes the student's function, runs it on many cases and raises
AssertionError with a message that names the mistake. `check_quiz` holds the quiz keys.
"""

from __future__ import annotations

import itertools
import math
import numbers
import random

import torch
import torch.distributed as dist
from torch import nn

import helpers
from autograders.common import assert_tensors_close, check_choice, run_ranks

_COMPONENTS = ("weights", "gradients", "optimizer_state", "total")


# --------------------------------------------------------------------------- exercise 1


def _nbytes(tensors) -> int:
    return sum(t.numel() * t.element_size() for t in tensors if t is not None)


def _reference_training_memory(model, optimizer):
    weights = _nbytes(model.parameters())
    grads = _nbytes(p.grad for p in model.parameters())
    state = [v for s in optimizer.state.values() for v in s.values() if isinstance(v, torch.Tensor)]
    full = _nbytes(state)
    without_scalars = _nbytes(v for v in state if v.dim() > 0)  # Adam's 0-d `step` counters
    return weights, grads, {full, without_scalars}


def _mlp(sizes, dtype=torch.float32, seed=0):
    torch.manual_seed(seed)
    layers = []
    for a, b in zip(sizes[:-1], sizes[1:]):
        layers += [nn.Linear(a, b), nn.ReLU()]
    return nn.Sequential(*layers[:-1]).to(dtype)


class _Tied(nn.Module):
    """An embedding and an output layer sharing one weight, as language models do."""

    def __init__(self, vocab=50, dim=12):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.hidden = nn.Linear(dim, dim)
        self.out = nn.Linear(dim, vocab, bias=False)
        self.out.weight = self.embed.weight

    def forward(self, idx):
        return self.out(torch.relu(self.hidden(self.embed(idx))))


def _train_step(model, optimizer, dtype=torch.float32, steps=1):
    torch.manual_seed(1)
    for _ in range(steps):
        optimizer.zero_grad(set_to_none=False)
        if isinstance(model, _Tied):
            loss = model(torch.randint(0, 50, (4, 3))).float().pow(2).mean()
        else:
            loss = model(torch.randn(5, model[0].in_features, dtype=dtype)).float().pow(2).mean()
        loss.backward()
        optimizer.step()


def _memory_cases():
    """(description, model, optimizer) after whatever has happened to them, in teaching order."""
    m = _mlp([10, 20, 5])
    o = torch.optim.SGD(m.parameters(), lr=0.1)
    _train_step(m, o)
    yield "a float32 MLP trained one step with plain SGD (momentum=0)", m, o, "sgd"

    m = _mlp([10, 20, 5])
    o = torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9)
    _train_step(m, o)
    yield "a float32 MLP trained one step with SGD(momentum=0.9)", m, o, "momentum"

    m = _mlp([10, 20, 5])
    o = torch.optim.Adam(m.parameters())
    _train_step(m, o, steps=2)
    yield "a float32 MLP trained two steps with Adam", m, o, "adam"

    m = _mlp([16, 8, 4, 3])
    o = torch.optim.Adam(m.parameters())
    yield "a float32 MLP with a fresh Adam, before any backward or step", m, o, "fresh"

    m = _mlp([16, 32, 4], dtype=torch.bfloat16)
    o = torch.optim.AdamW(m.parameters())
    _train_step(m, o, dtype=torch.bfloat16)
    yield "a bfloat16 MLP trained one step with AdamW (2 bytes per element, not 4)", m, o, "bf16"

    m = _mlp([12, 24, 24, 6])
    for p in m[0].parameters():
        p.requires_grad_(False)
    o = torch.optim.Adam([p for p in m.parameters() if p.requires_grad])
    _train_step(m, o)
    yield "an MLP whose first layer is frozen (requires_grad=False), trained with Adam on the rest", m, o, "frozen"

    m = _Tied()
    o = torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9)
    _train_step(m, o)
    yield "a model whose embedding and output layer share one weight tensor, with SGD(momentum=0.9)", m, o, "tied"


def check_training_memory(training_memory) -> None:
    """training_memory(model, optimizer) must count the real tensors: weights, grads, optimizer state."""
    for what, model, optimizer, kind in _memory_cases():
        weights, grads, states = _reference_training_memory(model, optimizer)
        before = [p.detach().clone() for p in model.parameters()]
        got = training_memory(model, optimizer)
        assert isinstance(got, dict), f"training_memory must return a dict, got {type(got).__name__}"
        missing = [k for k in _COMPONENTS if k not in got]
        assert not missing, f"training_memory's dict lacks the key(s) {missing}; it needs {list(_COMPONENTS)}"
        for k in _COMPONENTS:
            assert isinstance(got[k], numbers.Real) and not isinstance(got[k], bool), (
                f"training_memory()[{k!r}] must be a number of bytes, got {type(got[k]).__name__}")
        assert all(torch.equal(a, b) for a, b in zip(before, model.parameters())), (
            "training_memory changed the model's parameters: it must only look, not train")
        numel = sum(p.numel() for p in model.parameters())
        names = [n for n, _ in model.named_parameters(remove_duplicate=False)]

        # weights
        w = got["weights"]
        if w != weights:
            if w == numel:
                hint = "you counted elements, not bytes: multiply by each tensor's element_size()"
            elif kind == "bf16" and w == 2 * weights:
                hint = "you assumed 4 bytes per element, but these weights are bfloat16 (2 bytes): use element_size()"
            elif kind == "tied" and len(names) > len(list(model.parameters())) and w > weights:
                hint = ("the shared weight was counted twice: the embedding and the output layer hold the SAME tensor, "
                        "which takes memory once (model.parameters() yields it once)")
            elif kind == "frozen" and w < weights:
                hint = "frozen parameters still take memory: count every parameter of the model, trainable or not"
            else:
                hint = "weights are the bytes of every parameter tensor of the model (numel * element_size)"
            raise AssertionError(f"weights of {what}: got {w} bytes, expected {weights}. {hint}")

        # gradients
        g = got["gradients"]
        if g != grads:
            if grads > 0 and g == 0:
                hint = "you forgot the gradients: after backward every trainable parameter has a .grad as large as itself"
            elif kind == "fresh" and g == weights:
                hint = ("before the first backward p.grad is None: no gradient memory exists yet. Count the tensors "
                        "that are really there, not the ones that will be")
            elif kind == "frozen" and g == weights:
                hint = "a frozen parameter (requires_grad=False) gets no .grad: count p.grad only where it is not None"
            elif kind == "bf16" and g == 2 * grads:
                hint = "gradients have the dtype of their parameter (bfloat16 here, 2 bytes): use element_size()"
            else:
                hint = "gradients are the bytes of every p.grad that is not None"
            raise AssertionError(f"gradients of {what}: got {g} bytes, expected {grads}. {hint}")

        # optimizer state
        s = got["optimizer_state"]
        if s not in states:
            expected = max(states)
            if kind == "sgd" and s > 0:
                hint = "plain SGD (momentum=0) keeps no state at all: optimizer.state is empty"
            elif kind in ("adam", "bf16", "frozen") and s in {min(states) // 2, min(states) // 2 + max(states) - min(states)}:
                hint = "Adam keeps TWO tensors per parameter (exp_avg and exp_avg_sq), you counted one"
            elif kind in ("adam", "bf16", "frozen") and s == 0:
                hint = "you counted no optimizer state: look inside optimizer.state (a dict per parameter of tensors)"
            elif kind == "fresh" and s > 0:
                hint = ("Adam creates its state lazily at the first step(): before it, optimizer.state is empty. "
                        "Count the tensors that exist")
            elif kind in ("momentum", "tied") and s == 0:
                hint = "SGD with momentum keeps one momentum_buffer per parameter in optimizer.state"
            elif kind == "tied" and s > expected:
                hint = "the shared weight has ONE momentum buffer; count each state tensor once"
            else:
                hint = "optimizer state is the bytes of every tensor in optimizer.state[p] for each parameter p"
            raise AssertionError(f"optimizer_state of {what}: got {s} bytes, expected {expected}. {hint}")

        total = got["weights"] + got["gradients"] + got["optimizer_state"]
        assert got["total"] == total, (
            f"total of {what}: got {got['total']}, but weights + gradients + optimizer_state = {total}")


# --------------------------------------------------------------------------- exercise 2

_SHARDED = {
    "ddp": (),
    "pipeline": ("weights", "gradients", "optimizer_state"),
    "zero1": ("optimizer_state",),
    "zero2": ("gradients", "optimizer_state"),
    "zero3": ("weights", "gradients", "optimizer_state"),
    "fsdp": ("weights", "gradients", "optimizer_state"),
}
_WHY = {
    "ddp": "DDP replicates: every device holds the whole model, its gradients and its optimizer state",
    "pipeline": "model/pipeline parallelism splits the layers, so each device holds only its share of everything",
    "zero1": "ZeRO-1 shards only the optimizer state; weights and gradients stay replicated",
    "zero2": "ZeRO-2 shards the gradients AND the optimizer state; only the weights stay replicated",
    "zero3": "ZeRO-3 shards weights, gradients and optimizer state",
    "fsdp": "FSDP (full sharding) is ZeRO-3: weights, gradients and optimizer state are all sharded",
}


def _reference_per_device(num_params, num_devices, strategy, weight_bytes=2, grad_bytes=2, state_bytes=12):
    shard = -(-num_params // num_devices)
    per = {"weights": weight_bytes, "gradients": grad_bytes, "optimizer_state": state_bytes}
    out = {k: (shard if k in _SHARDED[strategy] else num_params) * b for k, b in per.items()}
    out["total"] = sum(out.values())
    return out


def _close(a, b) -> bool:
    return isinstance(a, numbers.Real) and not isinstance(a, bool) and math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-6)


def check_per_device_memory(per_device_memory) -> None:
    """per_device_memory(...) on the ZeRO paper's example, many random cases, and uneven shards."""
    cases = [(7_500_000_000, 64, s, {}) for s in _SHARDED]  # the ZeRO paper's Figure 1
    rng = random.Random(1)
    for _ in range(40):
        n = rng.choice([1, 2, 3, 4, 8, 16])
        params = rng.randrange(1, 10**6) * n  # divisible first: the formulas themselves
        b = rng.choice([{}, dict(weight_bytes=4, grad_bytes=4, state_bytes=0),
                        dict(weight_bytes=4, grad_bytes=4, state_bytes=4), dict(weight_bytes=4, grad_bytes=4, state_bytes=8)])
        cases.append((params, n, rng.choice(list(_SHARDED)), b))
    cases += [(10, 4, s, {}) for s in _SHARDED]  # uneven: a shard holds ceil(10 / 4) = 3 parameters
    cases += [(1000, 1, s, {}) for s in _SHARDED]  # one device: every strategy is the same
    for params, n, strategy, kw in cases:
        expected = _reference_per_device(params, n, strategy, **kw)
        call = f"per_device_memory({params}, {n}, {strategy!r}" + "".join(f", {k}={v}" for k, v in kw.items()) + ")"
        got = per_device_memory(params, n, strategy, **kw)
        assert isinstance(got, dict), f"{call} must return a dict, got {type(got).__name__}"
        missing = [k for k in _COMPONENTS if k not in got]
        assert not missing, f"{call} lacks the key(s) {missing}; it needs {list(_COMPONENTS)}"
        for comp in ("weights", "gradients", "optimizer_state"):
            if _close(got[comp], expected[comp]):
                continue
            per = {"weights": kw.get("weight_bytes", 2), "gradients": kw.get("grad_bytes", 2),
                   "optimizer_state": kw.get("state_bytes", 12)}[comp]
            full, exact = params * per, params * per / n
            if comp in _SHARDED[strategy] and _close(got[comp], full) and n > 1:
                hint = f"you kept the full {comp} on every device, but {_WHY[strategy]}"
            elif comp not in _SHARDED[strategy] and _close(got[comp], exact) and n > 1:
                hint = f"you sharded the {comp}, but {_WHY[strategy]}"
            elif comp in _SHARDED[strategy] and _close(got[comp], exact) and params % n:
                hint = (f"{params} parameters don't split evenly over {n} devices: a shard holds "
                        f"ceil({params} / {n}) = {-(-params // n)} parameters (the last shard is padded)")
            else:
                hint = _WHY[strategy]
            raise AssertionError(f"{call}[{comp!r}] is {got[comp]}, expected {expected[comp]}: {hint}")
        assert _close(got["total"], expected["total"]), (
            f"{call}['total'] is {got['total']}, expected {expected['total']} (the sum of the three components)")


def check_per_device_memory_errors(per_device_memory) -> None:
    """Bad input raises ValueError (a TypeError is also accepted for a non-integer)."""
    bad = [
        ((1000, 4, "zero4"), "an unknown strategy 'zero4'"),
        ((1000, 4, "data"), "an unknown strategy 'data'"),
        ((1000, 0, "ddp"), "num_devices=0"),
        ((1000, -2, "zero3"), "num_devices=-2"),
        ((-5, 2, "ddp"), "num_params=-5"),
    ]
    for args, what in bad:
        try:
            per_device_memory(*args)
        except ValueError:
            continue
        except Exception as exc:  # noqa: BLE001 - we report what they raised instead
            raise AssertionError(f"per_device_memory{args} ({what}) raised {type(exc).__name__}, not ValueError") from None
        raise AssertionError(f"per_device_memory{args} ({what}) returned instead of raising ValueError")
    try:
        per_device_memory(1000, 2.5, "ddp")
    except (ValueError, TypeError):
        pass
    else:
        raise AssertionError("per_device_memory(1000, 2.5, 'ddp') (half a device) returned instead of raising ValueError")


# --------------------------------------------------------------------------- exercise 3


def _best_largest_stage_brute(costs, k):
    n = len(costs)
    best = math.inf
    for cuts in itertools.combinations(range(1, n), k - 1):
        bounds = (0, *cuts, n)
        best = min(best, max(sum(costs[a:b]) for a, b in zip(bounds, bounds[1:])))
    return best


def _best_largest_stage_dp(costs, k):
    n = len(costs)
    prefix = [0]
    for c in costs:
        prefix.append(prefix[-1] + c)
    best = [[math.inf] * (n + 1) for _ in range(k + 1)]
    best[0][0] = 0
    for j in range(1, k + 1):
        for i in range(j, n + 1):
            best[j][i] = min(max(best[j - 1][m], prefix[i] - prefix[m]) for m in range(j - 1, i))
    return best[k][n]


def _check_partition_shape(got, costs, k, call):
    n = len(costs)
    assert isinstance(got, (list, tuple)), f"{call} must return a list of stages (lists of layer indices), got {type(got).__name__}"
    stages = []
    for s in got:
        assert isinstance(s, (list, tuple, range)), (
            f"{call}: each stage must be a list of layer indices, got {type(s).__name__} {s!r}")
        stages.append(list(s))
    assert len(stages) == k, f"{call} returned {len(stages)} stage(s), expected k={k}"
    for j, s in enumerate(stages):
        assert s, f"{call}: stage {j} is empty; every stage needs at least one layer"
    flat = [i for s in stages for i in s]
    assert all(isinstance(i, int) and not isinstance(i, bool) for i in flat), f"{call}: layer indices must be ints, got {stages}"
    lost = sorted(set(range(n)) - set(flat))
    assert not lost, f"{call} lost layer(s) {lost}: they are in no stage ({stages}). Every layer must run somewhere"
    twice = sorted({i for i in flat if flat.count(i) > 1})
    assert not twice, f"{call}: layer(s) {twice} appear in more than one stage ({stages})"
    extra = sorted(set(flat) - set(range(n)))
    assert not extra, f"{call}: there is no layer {extra} (indices run from 0 to {n - 1})"
    assert flat == list(range(n)), (
        f"{call} returned {stages}: stages must be contiguous runs of layers, in order (stage 0 gets the first "
        "layers, and so on), because a pipeline passes each layer's output to the next")
    return stages


def check_partition_layers(partition_layers) -> None:
    """partition_layers is optimal (vs brute force) on hundreds of random cases, and on edge cases."""
    rng = random.Random(7)
    cases = [
        ([5], 1), ([3, 3, 3, 3], 4), ([3, 3, 3, 3], 1), ([1, 1, 1, 1, 1, 1], 3),
        ([10, 1, 1, 1, 1, 1, 1, 1, 1, 1], 2),   # one heavy layer: it sits alone
        ([1, 1, 1, 1, 10, 1, 1, 1], 3),
        ([6, 4, 4, 6], 2), ([2, 3, 4, 5, 6], 3), ([4, 3, 3, 3, 4], 3),  # greedy-by-average fails
        ([0, 0, 5, 0], 2), ([1.5, 2.25, 0.5, 3.75, 1.0], 2),
    ]
    for _ in range(300):
        n = rng.randint(1, 9)
        kind = rng.random()
        if kind < 0.6:
            costs = [rng.randint(1, 20) for _ in range(n)]
        elif kind < 0.8:
            costs = [rng.choice([1, 1, 1, 8, 30]) for _ in range(n)]
        else:
            costs = [rng.randint(1, 40) / 8 for _ in range(n)]  # floats whose sums are exact in any order
        cases.append((costs, rng.randint(1, n)))
    for costs, k in cases:
        call = f"partition_layers({costs}, {k})"
        original = list(costs)
        got = partition_layers(costs, k)
        assert costs == original, f"{call} modified the list it was given (now {costs})"
        stages = _check_partition_shape(got, costs, k, call)
        largest = max(sum(costs[i] for i in s) for s in stages)
        best = _best_largest_stage_brute(costs, k)
        if largest > best + 1e-9:
            raise AssertionError(
                f"{call} returned {stages}, whose largest stage costs {largest:g}, but a split with largest stage "
                f"{best:g} exists. Filling each stage up to the average (greedy) is not optimal: try every position "
                "of the last cut (dynamic programming), or binary-search the largest stage cost")
    _check_partition_speed(partition_layers)


def _partition_big(partition_layers, costs, k):
    import time

    start = time.perf_counter()
    got = partition_layers(costs, k)
    return got, time.perf_counter() - start


def _check_partition_speed(partition_layers) -> None:
    """A realistic model (120 layers, 8 stages) must take seconds, not centuries: run it in a
    separate process so that an exponential search costs this cell, not the grader."""
    rng = random.Random(3)
    costs = [rng.randint(1, 100) for _ in range(120)]
    k = 8
    call = f"partition_layers(<120 layer costs>, {k})"
    try:
        got, _ = helpers.launch(_partition_big, 1, partition_layers, costs, k, backend=None, timeout=10)[0]
    except helpers.LaunchTimeout:
        raise AssertionError(
            f"{call} did not finish within 10 s. Trying every way to cut 120 layers is exponential; "
            "use dynamic programming over (layers so far, stages so far) or binary search on the answer") from None
    except helpers.RankError as exc:
        raise AssertionError(f"{call} raised {exc.exc_type}: {str(exc).splitlines()[0]}") from None
    stages = _check_partition_shape(got, costs, k, call)
    largest = max(sum(costs[i] for i in s) for s in stages)
    best = _best_largest_stage_dp(costs, k)
    assert largest <= best, f"{call}: your largest stage costs {largest}, the best split has {best}"


def check_partition_layers_errors(partition_layers) -> None:
    """k < 1 or k > number of layers raises ValueError."""
    for costs, k, what in [([1, 2, 3], 0, "k=0"), ([1, 2, 3], -1, "k=-1"), ([1, 2, 3], 4, "k=4 > 3 layers"),
                           ([], 1, "no layers at all")]:
        try:
            partition_layers(costs, k)
        except ValueError:
            continue
        except Exception as exc:  # noqa: BLE001
            raise AssertionError(f"partition_layers({costs}, {k}) ({what}) raised {type(exc).__name__}, not ValueError") from None
        raise AssertionError(
            f"partition_layers({costs}, {k}) ({what}) returned instead of raising ValueError: "
            "k stages need 1 <= k <= number of layers, each stage at least one layer")


# --------------------------------------------------------------------------- exercise 4


def _stack(seed=0):
    torch.manual_seed(seed)
    return nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 16), nn.Tanh(), nn.Linear(16, 8), nn.ReLU(), nn.Linear(8, 3))


def check_split_model(split_model) -> None:
    """split_model(model, cut) returns the layers themselves, all of them, in order; bad cuts raise."""
    model = _stack()
    n = len(model)
    x = torch.randn(4, 6)
    for cut in range(1, n):
        call = f"split_model(<{n}-layer nn.Sequential>, cut={cut})"
        got = split_model(model, cut)
        assert isinstance(got, (tuple, list)) and len(got) == 2, f"{call} must return a pair (stage0, stage1)"
        s0, s1 = got
        for j, s in enumerate((s0, s1)):
            assert isinstance(s, nn.Sequential), f"{call}: stage {j} must be an nn.Sequential, got {type(s).__name__}"
        assert len(model) == n, f"{call} changed the model: it now has {len(model)} layers instead of {n}"
        layers = list(s0) + list(s1)
        originals = list(model)
        if len(layers) < n:
            lost = [i for i, layer in enumerate(originals) if not any(layer is m for m in layers)]
            same_type = [i for i in lost if any(type(originals[i]) is type(m) for m in layers)]
            if len(layers) + len(lost) == n or not same_type:
                raise AssertionError(f"{call} lost layer(s) {lost}: stage 0 has {len(s0)} and stage 1 has {len(s1)} layers, "
                                     f"together {len(layers)}, not {n}. Stage 0 is layers [0, cut), stage 1 is [cut, end)")
            raise AssertionError(f"{call}: the stages hold {len(layers)} layers, the model {n}. Some layers are lost")
        assert len(s0) == cut, f"{call}: stage 0 has {len(s0)} layers; it must hold the first cut={cut} layers"
        assert len(layers) == n, f"{call}: the stages hold {len(layers)} layers, the model {n}: some layers are duplicated"
        if not all(a is b for a, b in zip(layers, originals)):
            if all(type(a) is type(b) for a, b in zip(layers, originals)):
                raise AssertionError(
                    f"{call}: the stages hold copies of the layers, not the layers themselves. A copy has its own "
                    "parameters, so training the stages would not train `model`; slice the nn.Sequential "
                    "(model[:cut] shares the layers) instead of deep-copying it")
            raise AssertionError(f"{call}: the stages' layers are not the model's layers, in order")
        with torch.no_grad():
            assert_tensors_close(s1(s0(x)), model(x), f"{call}: stage1(stage0(x)) vs model(x)")
    for cut in (0, n, -1, n + 1):
        try:
            split_model(model, cut)
        except ValueError:
            continue
        except Exception as exc:  # noqa: BLE001
            raise AssertionError(f"split_model(model, cut={cut}) on {n} layers raised {type(exc).__name__}, not ValueError") from None
        raise AssertionError(f"split_model(model, cut={cut}) on {n} layers must raise ValueError: each stage needs at "
                             f"least one layer, so 1 <= cut <= {n - 1}")


_STEP_CASES = [  # (seed, cut, batch)
    (0, 2, 5),  # the activation is a ReLU output, 16 wide
    (1, 5, 3),  # cut after the third Linear: 8 wide
    (2, 1, 4),  # one Linear on rank 0
]


def _activation_width(model, cut):
    width = model[0].in_features
    for layer in list(model)[:cut]:
        if isinstance(layer, nn.Linear):
            width = layer.out_features
    return width


def _step_data(seed, batch):
    g = torch.Generator().manual_seed(100 + seed)
    return torch.randn(batch, 6, generator=g), torch.randn(batch, 3, generator=g)


def _two_stage_rank(two_stage_step):
    rank = dist.get_rank()
    device = helpers.rank_device()
    results = []
    for seed, cut, batch in _STEP_CASES:
        model = _stack(seed)
        stage = (model[:cut] if rank == 0 else model[cut:]).to(device)
        x, y = _step_data(seed, batch)
        shape = (batch, _activation_width(model, cut))
        what = f"case seed={seed}, cut={cut}, activation_shape={shape}"
        try:
            out = two_stage_step(stage, x.to(device), y.to(device), nn.MSELoss(), shape)
        except Exception as exc:  # noqa: BLE001 - turned into advice below
            msg = f"{type(exc).__name__}: {exc}"
            hint = ""
            if "does not require grad" in msg and rank == 0:
                hint = ("rank 0 cannot backpropagate: the tensor it called backward on is detached from stage 0's graph. "
                        "Keep stage 0's output itself and call out.backward(grad_from_rank_1)")
            elif "NoneType" in msg and rank == 1:
                hint = ("a tensor you used on rank 1 is None. If it was the received activation's .grad: the buffer "
                        "you receive into must have requires_grad_() before stage 1 runs, or backward computes no "
                        "gradient for it and there is nothing to send back")
            elif "does not require grad" in msg:
                hint = "backward ran on a tensor with no graph"
            raise AssertionError(f"two_stage_step raised {msg} ({what}). {hint}".strip()) from None
        if rank == 1 and isinstance(out, torch.Tensor):
            out = out.detach().cpu()
        grads = [None if p.grad is None else p.grad.detach().cpu() for p in stage.parameters()]
        results.append({"result": out, "grads": grads})
    return results


def check_two_stage_step(two_stage_step) -> None:
    """Run both stages on two ranks (NCCL on two GPUs, else gloo on CPU) and compare with the whole model."""
    try:
        per_rank = run_ranks("two_stage_step", _two_stage_rank, 2, two_stage_step, timeout=15)
    except AssertionError as exc:
        if "did not finish" not in str(exc):
            raise
        raise AssertionError(
            f"{exc} Here that means a send/recv without its partner: each dist.recv waits until the other rank "
            "calls the matching dist.send. Rank 0 must send the activation BEFORE it waits for the gradient, and "
            "rank 1 must send the gradient back after its backward; check also the src/dst ranks.") from None
    for i, (seed, cut, batch) in enumerate(_STEP_CASES):
        model = _stack(seed)
        x, y = _step_data(seed, batch)
        loss = nn.MSELoss()(model(x), y)
        loss.backward()
        what = f"(case seed={seed}, cut={cut}, batch={batch})"
        got_loss = per_rank[1][i]["result"]
        if isinstance(got_loss, torch.Tensor) and got_loss.numel() == 1:
            got_loss = got_loss.item()
        assert isinstance(got_loss, numbers.Real) and not isinstance(got_loss, bool), (
            f"on rank 1 two_stage_step must return the loss as a float, got {type(got_loss).__name__} {what}")
        assert math.isclose(got_loss, loss.item(), rel_tol=1e-4, abs_tol=1e-6), (
            f"the loss on rank 1 is {got_loss:.6g}, the whole model's is {loss.item():.6g} {what}: rank 1 must run "
            "stage 1 on exactly the activation rank 0 computed (received with dist.recv from rank 0)")
        for rank, layers in ((1, model[cut:]), (0, model[:cut])):
            grads = per_rank[rank][i]["grads"]
            for j, (p, g) in enumerate(zip(layers.parameters(), grads)):
                name = f"gradient of stage {rank}'s parameter {j} {what}"
                if g is None:
                    if rank == 1:
                        raise AssertionError(f"{name} is None: rank 1 must call backward() on the loss")
                    raise AssertionError(
                        f"{name} is None: no gradient flowed back to stage 0. Rank 1 must send the activation's "
                        "gradient to rank 0 (dist.send), and rank 0 must receive it and call out.backward(grad)")
                if rank == 0 and torch.count_nonzero(g) == 0 and torch.count_nonzero(p.grad) > 0:
                    raise AssertionError(
                        f"{name} is all zeros: the gradient rank 0 received is zero. Rank 1 must send the received "
                        "activation's .grad after loss.backward(), which needs requires_grad_() on that activation")
                assert_tensors_close(g, p.grad, name, rtol=1e-4, atol=1e-6)


# --------------------------------------------------------------------------- quiz

_QUIZ = {
    "q1": ("b", "nn.Linear(in_features, out_features) stores weight with shape (out_features, in_features), "
                "so that forward computes x @ weight.T. Create one and print .weight.shape."),
    "q2": ("c", "Nothing in that code splits the model: every rank runs BigModel(), so every rank allocates both "
                "layers. The `if rank == 0` only changes what is printed."),
    "q3": ("b", "DDP replicates: each rank keeps a full copy of the parameters, gradients and optimizer state. "
                "Only the data is split."),
    "q4": ("d", "Mixed-precision Adam keeps fp16/bf16 weights (2) and gradients (2), plus an fp32 master copy, "
                "momentum and variance (4 + 4 + 4): 16 bytes per parameter."),
    "q5": ("c", "ZeRO-2 shards gradients and optimizer state over the 4 devices but keeps the 2-byte weights: "
                "2 + (2 + 12) / 4 bytes per parameter."),
}


def check_quiz(question: str, answer) -> None:
    """Grade one quiz answer; the hint says why when it is wrong."""
    key, explanation = _QUIZ[question]
    check_choice(question, answer, key, explanation)
