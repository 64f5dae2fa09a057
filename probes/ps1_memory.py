"""Probes of ps1_memory: the inputs the hidden tests give the student's functions, and what they report.

Public (see `probes`): the expected answers and the messages about mistakes are in
`autograders.ps1_memory`, which rebuilds the same inputs from the functions here.
"""

from __future__ import annotations

import os
import random
import shutil
import tempfile

import torch
import torch.distributed as dist
from torch import nn

import helpers
from probes import check, outcome, outcomes, report, unpredictable
from probes.common import P2PLog, launch, p2p_directions, rank_seeds
from probes.observer import in_child

# --------------------------------------------------------------------------- exercise 1


def mlp(sizes, dtype=torch.float32, seed=0):
    torch.manual_seed(seed)
    layers = []
    for a, b in zip(sizes[:-1], sizes[1:]):
        layers += [nn.Linear(a, b), nn.ReLU()]
    return nn.Sequential(*layers[:-1]).to(dtype)


class Tied(nn.Module):
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
        if isinstance(model, Tied):
            loss = model(torch.randint(0, 50, (4, 3))).float().pow(2).mean()
        else:
            loss = model(torch.randn(5, model[0].in_features, dtype=dtype)).float().pow(2).mean()
        loss.backward()
        optimizer.step()


def memory_cases():
    """(description, model, optimizer, kind) after whatever has happened to them, in teaching order."""
    m = mlp([10, 20, 5])
    o = torch.optim.SGD(m.parameters(), lr=0.1)
    _train_step(m, o)
    yield "a float32 MLP trained one step with plain SGD (momentum=0)", m, o, "sgd"

    m = mlp([10, 20, 5])
    o = torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9)
    _train_step(m, o)
    yield "a float32 MLP trained one step with SGD(momentum=0.9)", m, o, "momentum"

    m = mlp([10, 20, 5])
    o = torch.optim.Adam(m.parameters())
    _train_step(m, o, steps=2)
    yield "a float32 MLP trained two steps with Adam", m, o, "adam"

    m = mlp([16, 8, 4, 3])
    o = torch.optim.Adam(m.parameters())
    yield "a float32 MLP with a fresh Adam, before any backward or step", m, o, "fresh"

    m = mlp([16, 32, 4], dtype=torch.bfloat16)
    o = torch.optim.AdamW(m.parameters())
    _train_step(m, o, dtype=torch.bfloat16)
    yield "a bfloat16 MLP trained one step with AdamW (2 bytes per element, not 4)", m, o, "bf16"

    m = mlp([12, 24, 24, 6])
    for p in m[0].parameters():
        p.requires_grad_(False)
    o = torch.optim.Adam([p for p in m.parameters() if p.requires_grad])
    _train_step(m, o)
    yield "an MLP whose first layer is frozen (requires_grad=False), trained with Adam on the rest", m, o, "frozen"

    m = Tied()
    o = torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9)
    _train_step(m, o)
    yield "a model whose embedding and output layer share one weight tensor, with SGD(momentum=0.9)", m, o, "tied"


@check
def training_memory(fn) -> None:
    """fn(model, optimizer) on every case: what it returned, and whether it changed the parameters."""
    cases = [(model, optimizer) for _, model, optimizer, _ in memory_cases()]
    # every case in one child, which hands back what each call returned and the parameters it left; whether
    # they changed is decided here, against this process's own copies
    ran = in_child(_memory_calls, fn, cases)
    results = []
    for (model, _), (got, after) in zip(cases, ran):
        before = [p.detach() for p in model.parameters()]
        changed = len(after) != len(before) or not all(
            isinstance(b, torch.Tensor) and a.shape == b.shape and a.dtype == b.dtype and torch.equal(a, b)
            for a, b in zip(before, after))
        results.append({"got": got, "changed": changed})
    report("ps1_memory.training_memory", results)


def _memory_calls(fn, cases) -> list:
    """training_memory on each case, one after another: what it returned and the parameters it left."""
    return [(fn(model, optimizer), [p.detach() for p in model.parameters()]) for model, optimizer in cases]


# --------------------------------------------------------------------------- exercise 2

STRATEGIES = ("ddp", "pipeline", "zero1", "zero2", "zero3", "fsdp")


def per_device_cases():
    """(num_params, num_devices, strategy, keyword arguments)."""
    cases = [(7_500_000_000, 64, s, {}) for s in STRATEGIES]  # the ZeRO paper's Figure 1
    rng = random.Random(1)
    for _ in range(40):
        n = rng.choice([1, 2, 3, 4, 8, 16])
        params = rng.randrange(1, 10**6) * n  # divisible first: the formulas themselves
        b = rng.choice([{}, dict(weight_bytes=4, grad_bytes=4, state_bytes=0),
                        dict(weight_bytes=4, grad_bytes=4, state_bytes=4), dict(weight_bytes=4, grad_bytes=4, state_bytes=8)])
        cases.append((params, n, rng.choice(STRATEGIES), b))
    cases += [(10, 4, s, {}) for s in STRATEGIES]  # uneven: a shard holds ceil(10 / 4) = 3 parameters
    cases += [(1000, 1, s, {}) for s in STRATEGIES]  # one device: every strategy is the same
    return cases


@check
def per_device_memory(fn) -> None:
    done = outcomes(fn, [((params, n, s), kw) for params, n, s, kw in per_device_cases()])
    for d in done:
        if "raised" in d:
            raise d["raised"]
    report("ps1_memory.per_device_memory", [d["returned"] for d in done])


#: Valid input at the edges, which must not raise: an error check that refuses everything is no check.
GOOD_PER_DEVICE = [((1000, 1, "ddp"), "one device"), ((1000, 4, "fsdp"), "four devices with FSDP")]
BAD_PER_DEVICE = [
    ((1000, 4, "zero4"), "an unknown strategy 'zero4'"),
    ((1000, 4, "data"), "an unknown strategy 'data'"),
    ((1000, 0, "ddp"), "num_devices=0"),
    ((1000, -2, "zero3"), "num_devices=-2"),
    ((-5, 2, "ddp"), "num_params=-5"),
    ((1000, 2.5, "ddp"), "half a device"),
]


def _outcomes_only(fn, calls) -> list[dict]:
    """outcome(fn, *args) for each args of `calls`, all in one process where the observer runs them."""
    return [{k: v for k, v in d.items() if k != "args"} for d in outcomes(fn, [(args, {}) for args in calls])]


#: Cases drawn afresh in every grading, valid and not, besides the published ones above.
DRAWN_CASES = 8


def drawn_per_device(rng) -> list[tuple]:
    """Arguments for DRAWN_CASES calls of per_device_memory: a random model, devices and strategy, most of
    them spoiled in one way (an unknown strategy, devices below 1, negative parameters). Which ones are
    valid is kept nowhere: the student's code runs in a fork of this process and could read it; the
    judge decides from the arguments."""
    cases = []
    plan = ["none"] * 3 + ["strategy", "devices", "params"] + [rng.choice(["none", "strategy", "devices", "params"])
                                                                for _ in range(DRAWN_CASES - 6)]
    rng.shuffle(plan)  # at least three valid calls and one of each kind of bad one, in no fixed place
    for spoil in plan:
        params, devices, strategy = rng.randint(1, 10**8), rng.randint(1, 16), rng.choice(STRATEGIES)
        if spoil == "strategy":
            strategy = rng.choice(["zero", "dp", "tp", "pp", "ddp", "fsdp", "pipe"]) + str(rng.randint(4, 99))
        elif spoil == "devices":
            devices = rng.randint(-8, 0)
        elif spoil == "params":
            params = -rng.randint(1, 10**6)
        cases.append((params, devices, strategy))
    return cases


@check
def per_device_memory_errors(fn) -> None:
    """The published bad and valid cases, then cases drawn where the observer grades (a function that
    knows only the published ones cannot tell the drawn ones apart without checking its input)."""
    drawn = drawn_per_device(unpredictable(11))
    published = [args for args, _ in BAD_PER_DEVICE + GOOD_PER_DEVICE]
    done = _outcomes_only(fn, published + drawn)
    report("ps1_memory.per_device_memory_errors", {
        "published": done[:len(published)],
        "drawn": [{"args": list(args), "outcome": d} for args, d in zip(drawn, done[len(published):])]})


# --------------------------------------------------------------------------- exercise 3


def partition_cases():
    """(costs, k): edge cases, then hundreds of random ones."""
    rng = random.Random(7)
    cases = [
        ([5], 1), ([3, 3, 3, 3], 4), ([3, 3, 3, 3], 1), ([1, 1, 1, 1, 1, 1], 3),
        ([10, 1, 1, 1, 1, 1, 1, 1, 1, 1], 2),   # one heavy layer: it sits alone
        ([1, 1, 1, 1, 10, 1, 1, 1], 3),
        ([6, 4, 4, 6], 2), ([2, 3, 4, 5, 6], 3), ([4, 3, 3, 3, 4], 3),
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
    return cases


def big_partition_case():
    """A realistic model: 120 layers, 8 stages."""
    rng = random.Random(3)
    return [rng.randint(1, 100) for _ in range(120)], 8


def _partition_big(fn, costs, k):
    return fn(costs, k)


@check
def partition_layers(fn) -> None:
    """Every case, then the big one in a separate process so that an exponential search costs this
    cell, not the grader."""
    cases = partition_cases()
    results = []
    for (costs, k), done in zip(cases, outcomes(fn, [((list(costs), k), {}) for costs, k in cases])):
        if "raised" in done:
            raise done["raised"]
        after = done["args"][0]
        results.append({"got": done["returned"], "costs_after": None if after == costs else after})
    costs, k = big_partition_case()
    call = f"partition_layers(<120 layer costs>, {k})"
    try:
        big = launch(_partition_big, 1, fn, costs, k, backend=None, timeout=10)[0]
    except helpers.LaunchTimeout:
        raise AssertionError(
            f"{call} did not finish within 10 s. Trying every way to cut 120 layers is exponential; "
            "use dynamic programming over (layers so far, stages so far) or binary search on the answer") from None
    except helpers.RankError as exc:
        raise AssertionError(f"{call} raised {exc.exc_type}: {str(exc).splitlines()[0]}") from None
    report("ps1_memory.partition_layers", {"cases": results, "big": big})


#: Valid input at the edges (k equal to the number of layers, one layer), which must not raise.
GOOD_PARTITIONS = [([1, 2, 3], 3, "k=3 stages of 3 layers"), ([5], 1, "one layer, one stage")]
BAD_PARTITIONS = [([1, 2, 3], 0, "k=0"), ([1, 2, 3], -1, "k=-1"), ([1, 2, 3], 4, "k=4 > 3 layers"), ([], 1, "no layers at all")]


def drawn_partitions(rng) -> list[tuple]:
    """Arguments for DRAWN_CASES calls of partition_layers: random costs and k, k often out of range (which
    ones, the judge decides from the arguments: see drawn_per_device)."""
    cases = []
    plan = ["valid"] * 3 + ["low", "high"] + [rng.choice(["valid", "low", "high"]) for _ in range(DRAWN_CASES - 5)]
    rng.shuffle(plan)
    for kind in plan:
        costs = [rng.randint(0, 20) for _ in range(rng.randint(1, 8))]
        k = {"valid": rng.randint(1, len(costs)), "low": rng.randint(-3, 0), "high": len(costs) + rng.randint(1, 4)}[kind]
        cases.append((costs, k))
    return cases


@check
def partition_layers_errors(fn) -> None:
    """The published bad and valid cases, then cases drawn where the observer grades."""
    drawn = drawn_partitions(unpredictable(12))
    published = [(costs, k) for costs, k, _ in BAD_PARTITIONS + GOOD_PARTITIONS]
    done = _outcomes_only(fn, published + [(list(costs), k) for costs, k in drawn])
    report("ps1_memory.partition_layers_errors", {
        "published": done[:len(published)],
        "drawn": [{"args": [list(costs), k], "outcome": d} for (costs, k), d in zip(drawn, done[len(published):])]})


# --------------------------------------------------------------------------- exercise 4


def stack(seed=0):
    torch.manual_seed(seed)
    return nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 16), nn.Tanh(), nn.Linear(16, 8), nn.ReLU(), nn.Linear(8, 3))


def split_inputs():
    """The model and the input of the split_model check (x drawn right after the model)."""
    model = stack()
    return model, torch.randn(4, 6)


def _split_cut(fn, cut):
    """split_model on a fresh model at one cut (in a process of its own when graded: the stages it
    returns are the student's objects), and what the judge needs to know of what came back."""
    model, x = split_inputs()  # a fresh model per cut: one call cannot spoil the next
    originals = list(model)
    result = outcome(fn, model, cut)
    if "raised" in result:
        return {"raised": result["raised"]}
    got = result["returned"]
    rec = {"kind": type(got).__name__, "pair": isinstance(got, (tuple, list)) and len(got) == 2,
           "model_len": len(model),
           "model_same": len(model) == len(originals) and all(a is b for a, b in zip(model, originals))}
    if rec["pair"]:
        stages = list(got)
        rec["stage_types"] = [type(s).__name__ for s in stages]
        rec["sequential"] = [isinstance(s, nn.Sequential) for s in stages]
        if all(rec["sequential"]):
            layers = list(stages[0]) + list(stages[1])
            rec["stage_lens"] = [len(s) for s in stages]
            rec["layers"] = [next((i for i, m in enumerate(originals) if m is layer), -1) for layer in layers]
            rec["layer_types"] = [type(layer).__name__ for layer in layers]
            rec["original_types"] = [type(m).__name__ for m in originals]
            with torch.no_grad():
                rec["output"] = outcome(lambda: stages[1](stages[0](x)))
    return rec


@check
def split_model(fn) -> None:
    """For each cut, on a fresh model: what came back, which of the model's own layers the stages hold
    (by identity), whether the model kept its layers, and stage1(stage0(x)); then what bad cuts do."""
    report("ps1_memory.split_model", in_child(_split_cuts, fn, len(split_inputs()[0])))


def _split_cuts(fn, n: int) -> dict:
    """Every cut (each on a fresh model), then the bad cuts, one after another in one child."""
    cuts = []
    for cut in range(1, n):
        rec = _split_cut(fn, cut)
        cuts.append(rec)
        if "raised" in rec:
            break  # the judge stops here
        if not rec["pair"] or not all(rec.get("sequential", [False])):
            break  # what follows cannot be observed; the judge stops here too
    return {"cuts": cuts, "bad": {cut: outcome(fn, split_inputs()[0], cut) for cut in (0, n, -1, n + 1)}}


STEP_CASES = [  # (seed, cut, batch)
    (0, 2, 5),  # the activation is a ReLU output, 16 wide
    (1, 5, 3),  # cut after the third Linear: 8 wide
    (2, 1, 4),  # one Linear on rank 0
]


def activation_width(model, cut):
    width = model[0].in_features
    for layer in list(model)[:cut]:
        if isinstance(layer, nn.Linear):
            width = layer.out_features
    return width


def step_input(rank_seed, case, batch):
    """Stage 0's input of case `case`: built on rank 0 alone, from rank 0's drawn seed."""
    return torch.randn(batch, 6, generator=torch.Generator().manual_seed(rank_seed + 1000 * case))


def step_target(rank_seed, case, batch):
    """The target of case `case`: built on rank 1 alone, from rank 1's drawn seed."""
    return torch.randn(batch, 3, generator=torch.Generator().manual_seed(rank_seed + 1000 * case + 1))


def step_data(seeds, case, batch):
    """(input, target) of case `case` of the ranks that drew `seeds`, as the judge rebuilds them: no rank holds
    both, so rank 1 knows the loss, and rank 0 its gradients, only from what the other rank sent."""
    return step_input(seeds[0], case, batch), step_target(seeds[1], case, batch)


#: Rank r's seed at home (nbval, a student's machine) is STEP_HOME + r; the grader draws them.
STEP_HOME = 100


def _crash_hint(msg: str, rank: int, stage) -> str:
    """What a crash inside two_stage_step most likely means, from the error and from what the stage holds."""
    backward_ran = any(p.grad is not None for p in stage.parameters())
    if "does not require grad" in msg and rank == 0:
        return ("rank 0 cannot backpropagate: the tensor it called backward on is detached from stage 0's graph. "
                "Keep stage 0's output itself (send a detached copy) and call out.backward(grad_from_rank_1)")
    if "NoneType" in msg and rank == 1 and not backward_ran:
        return ("a tensor you used on rank 1 is None, and stage 1's parameters have no gradients yet: backward had "
                "not run. The received activation's .grad exists only after loss.backward(): call loss.backward() "
                "first, then send that .grad to rank 0")
    if "NoneType" in msg and rank == 1:
        return ("a tensor you used on rank 1 is None although loss.backward() ran. If it was the received activation's "
                ".grad: call requires_grad_() on the received tensor before stage 1 runs, or backward computes no "
                "gradient for it and there is nothing to send back (lecture 1, \"Splitting a model across two processes\")")
    if "does not require grad" in msg:
        return "backward ran on a tensor with no graph"
    return ""


def _two_stage_rank(two_stage_step, progress):
    rank = dist.get_rank()
    device = helpers.rank_device()
    results = []
    for case, (seed, cut, batch) in enumerate(STEP_CASES):
        model = stack(seed)
        stage = (model[:cut] if rank == 0 else model[cut:]).to(device)
        before = [p.detach().clone() for p in stage.parameters()]
        # Each rank holds only what it uses: the input on rank 0, the target on rank 1 (zeros in their place
        # elsewhere), each from that rank's own seed.
        x = step_input(helpers.drawn_seed(), case, batch) if rank == 0 else torch.zeros(batch, 6)
        y = step_target(helpers.drawn_seed(), case, batch) if rank == 1 else torch.zeros(batch, 3)
        shape = (batch, activation_width(model, cut))
        what = f"case seed={seed}, cut={cut}, activation_shape={shape}"
        log = P2PLog()  # the order of this rank's sends and receives, at the process group
        try:
            with log:
                out = two_stage_step(stage, x.to(device), y.to(device), nn.MSELoss(), shape)
        except Exception as exc:  # noqa: BLE001 - turned into advice below
            msg = f"{type(exc).__name__}: {exc}"
            raise AssertionError(f"two_stage_step raised {msg} ({what}). {_crash_hint(msg, rank, stage)}".strip()) from None
        if isinstance(out, torch.Tensor):
            out = out.detach().cpu()
        with open(os.path.join(progress, f"rank{rank}"), "a") as fh:  # how far each rank got, in case the other hangs
            fh.write("returned\n")
        grads = [None if p.grad is None else p.grad.detach().cpu() for p in stage.parameters()]
        changed = not all(torch.equal(a, p.detach()) for a, p in zip(before, stage.parameters()))
        results.append({"result": out, "grads": grads, "changed": changed, "order": p2p_directions(log.calls, rank)})
    return results


@check
def two_stage_step(fn) -> None:
    """Both stages on two ranks (on cuda:0 and cuda:1 with NCCL when there is a GPU per rank, else on CPU with
    gloo): what each rank returned, every gradient, whether the parameters changed."""
    progress = tempfile.mkdtemp(prefix="ps1-step-")
    try:
        seeds, per_rank = launch(_two_stage_rank, 2, fn, progress, backend="auto", timeout=15,
                                 seeds=rank_seeds(2, STEP_HOME))
    except helpers.LaunchTimeout:
        done = []
        for rank in (0, 1):
            try:
                with open(os.path.join(progress, f"rank{rank}")) as fh:
                    done.append(len(fh.read().split()))
            except OSError:
                done.append(0)
        if done[1] > done[0]:
            why = ("Rank 1 returned from two_stage_step while rank 0 was still inside it, waiting in dist.recv for "
                   "the activation's gradient, which rank 1 never sent (or sent to another rank). After "
                   "loss.backward(), rank 1 must send the received activation's .grad to rank 0")
        elif done[0] > done[1]:
            why = ("Rank 0 returned from two_stage_step while rank 1 was still inside it, waiting in dist.recv for "
                   "something rank 0 never sent (or sent to another rank). Rank 0 must send stage 0's output to "
                   "rank 1, then receive the gradient")
        else:
            why = ("Both ranks were still waiting: each dist.recv waits until the other rank calls the matching "
                   "dist.send. Rank 0 must send the activation BEFORE it waits for the gradient, and rank 1 must "
                   "send the gradient back after its backward; check also the src/dst ranks")
        raise AssertionError(f"two_stage_step did not finish within 15 s on 2 ranks and was stopped. {why}.") from None
    except helpers.RankError as exc:
        if exc.exc_type == "AssertionError":
            detail = str(exc.exception) if exc.exception is not None else exc.remote_traceback.strip().splitlines()[-1]
            raise AssertionError(f"two_stage_step (rank {exc.rank} of 2): {detail}") from None
        last = exc.remote_traceback.strip().splitlines()[-1] if exc.remote_traceback else exc.exc_type
        raise AssertionError(f"two_stage_step: your code crashed on rank {exc.rank} of 2: {last}") from None
    finally:
        shutil.rmtree(progress, ignore_errors=True)
    report("ps1_memory.two_stage_step", {"seeds": seeds, "ranks": per_rank})


# --------------------------------------------------------------------------- quiz


@check
def quiz(question: str, answer) -> None:
    report("ps1_memory.quiz", {"question": question, "answer": answer})
