"""Judges of ps1_memory ("Why one device is not enough"). Never released, never in the student's kernel.

Each `judge_<name>` reads what `probes.ps1_memory.<name>` observed the student's function do,
rebuilds the same inputs, computes the right answers and raises AssertionError with a message that
names the mistake. `judge_quiz` holds the quiz keys. See `grader.judge` for how they are run.
"""

from __future__ import annotations

import itertools
import math
import numbers

import torch
from torch import nn

from autograders.common import (
    assert_tensors_close, forward_after_backward, judge_choice, numbers_close, observed, off, rank_seeds,
)
from probes import ps1_memory as probe
from probes.wire import Raised, type_name

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


def judge_training_memory(results) -> None:
    """training_memory(model, optimizer) must count the real tensors: weights, grads, optimizer state."""
    for (what, model, optimizer, kind), result in observed(probe.memory_cases(), results):
        weights, grads, states = _reference_training_memory(model, optimizer)
        got = result["got"]
        assert isinstance(got, dict), f"training_memory must return a dict, got {type_name(got)}"
        missing = [k for k in _COMPONENTS if k not in got]
        assert not missing, f"training_memory's dict lacks the key(s) {missing}; it needs {list(_COMPONENTS)}"
        for k in _COMPONENTS:
            assert isinstance(got[k], numbers.Real) and not isinstance(got[k], bool), (
                f"training_memory()[{k!r}] must be a number of bytes, got {type_name(got[k])}")
        assert not result["changed"], (
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
            raise AssertionError(f"weights of {what}: {off(w, weights)} (bytes). {hint}")

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
            raise AssertionError(f"gradients of {what}: {off(g, grads)} (bytes). {hint}")

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
            raise AssertionError(f"optimizer_state of {what}: {off(s, expected)} (bytes). {hint}")

        total = got["weights"] + got["gradients"] + got["optimizer_state"]
        assert got["total"] == total, (
            f"total of {what}: got {got['total']}, but weights + gradients + optimizer_state = {total}")


# --------------------------------------------------------------------------- exercise 2

_SHARDED = {  # the components each strategy shards over the devices
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




def judge_per_device_memory(results) -> None:
    """per_device_memory(...) on the ZeRO paper's example, many random cases, and uneven shards."""
    for (params, n, strategy, kw), got in observed(probe.per_device_cases(), results):
        expected = _reference_per_device(params, n, strategy, **kw)
        call = f"per_device_memory({params}, {n}, {strategy!r}" + "".join(f", {k}={v}" for k, v in kw.items()) + ")"
        assert isinstance(got, dict), f"{call} must return a dict, got {type_name(got)}"
        missing = [k for k in _COMPONENTS if k not in got]
        assert not missing, f"{call} lacks the key(s) {missing}; it needs {list(_COMPONENTS)}"
        for comp in ("weights", "gradients", "optimizer_state"):
            if numbers_close(got[comp], expected[comp]):
                continue
            per = {"weights": kw.get("weight_bytes", 2), "gradients": kw.get("grad_bytes", 2),
                   "optimizer_state": kw.get("state_bytes", 12)}[comp]
            full, exact = params * per, params * per / n
            with_defaults = _reference_per_device(params, n, strategy)[comp]
            arg = {"weights": "weight_bytes", "gradients": "grad_bytes", "optimizer_state": "state_bytes"}[comp]
            if kw and arg in kw and numbers_close(got[comp], with_defaults) and not numbers_close(with_defaults, expected[comp]):
                hint = (f"you used the default bytes per parameter for the {comp}, not the {arg}={kw[arg]} this call "
                        "passed: multiply by the argument")
            elif comp in _SHARDED[strategy] and params % n and numbers_close(got[comp], (params // n) * per):
                hint = (f"you rounded the shard down: {params} parameters don't split evenly over {n} devices, and "
                        f"a shard holds ceil({params} / {n}) parameters (the last shard is padded), not the floor")
            elif comp in _SHARDED[strategy] and params % n and numbers_close(got[comp], round(params / n) * per):
                hint = (f"you rounded the shard to the nearest integer: {params} parameters don't split evenly over "
                        f"{n} devices, and a shard holds ceil({params} / {n}) parameters (the last shard is padded)")
            elif comp in _SHARDED[strategy] and numbers_close(got[comp], full) and n > 1:
                hint = f"you kept the full {comp} on every device, but {_WHY[strategy]}"
            elif comp not in _SHARDED[strategy] and numbers_close(got[comp], exact) and n > 1:
                hint = f"you sharded the {comp}, but {_WHY[strategy]}"
            elif comp in _SHARDED[strategy] and numbers_close(got[comp], exact) and params % n:
                hint = (f"{params} parameters don't split evenly over {n} devices: a shard holds "
                        f"ceil({params} / {n}) parameters (the last shard is padded)")
            else:
                hint = _WHY[strategy]
            raise AssertionError(f"{call}[{comp!r}]: {off(got[comp], expected[comp])}: {hint}")
        assert numbers_close(got["total"], expected["total"]), (
            f"{call}['total'] is {got['total']}, not the sum of the three components")


def _why_bad_per_device(args) -> str:
    num_params, num_devices, strategy = args
    if strategy not in _SHARDED:
        return "the strategy is unknown"
    if num_params < 0:
        return "num_params is negative"
    return "num_devices is not a positive integer"


def _published_and_drawn(results) -> tuple[list, list]:
    """The outcomes of the published cases, and the cases drawn for this grading with theirs."""
    if not (isinstance(results, dict) and isinstance(results.get("published"), list)
            and isinstance(results.get("drawn"), list) and len(results["drawn"]) == probe.DRAWN_CASES
            and all(isinstance(d, dict) and isinstance(d.get("outcome"), dict) for d in results["drawn"])):
        raise AssertionError("the observation is incomplete: the grading code was changed")
    return results["published"], results["drawn"]


def judge_per_device_memory_errors(results) -> None:
    """Bad input raises ValueError with a message (the text also accepts TypeError for a non-integer num_devices);
    valid input at the edges does not raise."""
    published, drawn = _published_and_drawn(results)
    cases = [*probe.BAD_PER_DEVICE, *probe.GOOD_PER_DEVICE]
    for item in drawn:
        args = tuple(item["args"]) if isinstance(item, dict) and isinstance(item.get("args"), list) else None
        if args is None or len(args) != 3:
            raise AssertionError("the observation is incomplete: the grading code was changed")
        num_params, num_devices, strategy = args
        valid = strategy in _SHARDED and num_params >= 0 and isinstance(num_devices, int) and num_devices >= 1
        cases.append((args, "valid input drawn for this grading" if valid else "input drawn for this grading"))
    good = set(probe.GOOD_PER_DEVICE) | {case for case in cases[len(probe.BAD_PER_DEVICE) + len(probe.GOOD_PER_DEVICE):]
                                          if case[1].startswith("valid")}
    for (args, what), result in observed(cases, published + [item["outcome"] for item in drawn]):
        if (args, what) in good:
            if isinstance(result.get("raised"), Raised):
                raise AssertionError(
                    f"per_device_memory{args} ({what}) raised {result['raised'].name}, but that is valid input: "
                    "raise only for an unknown strategy or a number of devices below 1")
            returned = result.get("returned")
            total = returned.get("total") if isinstance(returned, dict) else None
            if not (isinstance(total, numbers.Real) and not isinstance(total, bool)):
                raise AssertionError(
                    f"per_device_memory{args} ({what}) returned {returned!r}, not the bytes per device (a dict with "
                    "its 'total'): valid input gets its answer")
            continue
        raised = result.get("raised")
        call = f"per_device_memory{args} ({what})"
        why = _why_bad_per_device(args)
        accepted = isinstance(raised, Raised) and (
            raised.isa("ValueError") or (isinstance(args[1], float) and raised.isa("TypeError")))
        if accepted:
            if not raised.message.strip():
                raise AssertionError(
                    f"{call} raised {raised.name} with an empty message: the exercise asks for an error that says what "
                    f"is wrong (here: {why})")
            continue
        if isinstance(raised, Raised):
            raise AssertionError(f"{call} raised {raised.name}; the exercise asks for a ValueError when {why}")
        raise AssertionError(f"{call} returned instead of raising: the exercise asks for a ValueError when {why}")


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
    assert isinstance(got, list), f"{call} must return a list of lists of layer indices, got {type_name(got)}"
    stages = []
    for s in got:
        assert isinstance(s, list), (
            f"{call} must return a list of lists of layer indices, but a stage is a {type_name(s)}: {s!r}")
        stages.append(list(s))
    flat = [i for s in stages for i in s]
    assert all(isinstance(i, int) and not isinstance(i, bool) for i in flat), f"{call}: layer indices must be ints, got {stages}"
    lost = sorted(set(range(n)) - set(flat))
    assert not lost, f"{call} lost layer(s) {lost}: they are in no stage ({stages}). Every layer must run somewhere"
    twice = sorted({i for i in flat if flat.count(i) > 1})
    assert not twice, f"{call}: layer(s) {twice} appear in more than one stage ({stages})"
    extra = sorted(set(flat) - set(range(n)))
    assert not extra, f"{call}: there is no layer {extra} (indices run from 0 to {n - 1})"
    assert len(stages) == k, f"{call} returned {len(stages)} stage(s), expected k={k}"
    for j, s in enumerate(stages):
        assert s, f"{call}: stage {j} is empty; every stage needs at least one layer"
    assert flat == list(range(n)), (
        f"{call} returned {stages}: stages must be contiguous runs of layers, in order (stage 0 gets the first "
        "layers, and so on), because a pipeline passes each layer's output to the next")
    return stages


def _greedy_partitions(costs, k) -> list:
    """What the usual 'fill each stage up to the average' attempts return (several ways to close a stage)."""
    n, target = len(costs), sum(costs) / k
    found = []
    for rule in ("before", "after", "nearest"):
        stages, current, load = [], [], 0
        for i, c in enumerate(costs):
            layers_left, stages_left = n - i, k - len(stages)
            if current and stages_left > 1:
                over = load + c > target
                close = {"before": over, "after": load >= target,
                         "nearest": over and abs(load - target) <= abs(load + c - target)}[rule]
                if close or layers_left < stages_left:
                    stages.append(current)
                    current, load = [], 0
            current.append(i)
            load += c
        stages.append(current)
        found.append(stages)
    return found


def _equal_count_partitions(costs, k) -> list:
    """Stages of (nearly) equal numbers of layers, the extra layers first or last."""
    n = len(costs)
    q, r = divmod(n, k)
    found = []
    for sizes in ([q + 1] * r + [q] * (k - r), [q] * (k - r) + [q + 1] * r):
        stages, start = [], 0
        for size in sizes:
            stages.append(list(range(start, start + size)))
            start += size
        found.append(stages)
    return found


def _why_not_optimal(costs, k, stages, largest, best) -> str:
    """Which usual mistake gives this partition, or an honest list of them."""
    whole_limit = any(c != int(c) for c in costs) and largest <= math.ceil(best) + 1e-9
    if whole_limit and stages in _greedy_partitions(costs, k):
        return ("Two usual mistakes give this split: filling each stage up to the average cost (greedy), and a "
                "binary search over integer limits ((lo + hi) // 2), which misses the optimum when costs are "
                "fractional as here. Try every position of the last cut (dynamic programming), or search over the "
                "possible stage sums")
    if stages in _greedy_partitions(costs, k):
        return ("Filling each stage up to the average cost (greedy) is not optimal: try every position of the last "
                "cut (dynamic programming), or binary-search the largest stage cost")
    if stages in _equal_count_partitions(costs, k):
        return ("You gave the stages (nearly) the same number of layers, but the layers' costs differ: balance the "
                "stages' total costs instead")
    if whole_limit:
        return ("These costs are fractional, and your largest stage is the best one can do with a whole-number "
                "limit: a binary search over integer limits ((lo + hi) // 2) misses the optimum here. Search over "
                "the possible stage sums (or use dynamic programming)")
    return ("This is not what filling stages up to the average gives, nor equal layer counts: is every position of "
            "the last cut tried (dynamic programming), and does a binary search test feasibility and rebuild the "
            "stages with the same limit?")


def judge_partition_layers(observation) -> None:
    """partition_layers is optimal (vs brute force) on hundreds of random cases, and on edge cases."""
    for (costs, k), result in observed(probe.partition_cases(), observation["cases"]):
        call = f"partition_layers({costs}, {k})"
        got = result["got"]
        assert result["costs_after"] is None, (
            f"{call} modified the list `costs` it was given (afterwards it was {result['costs_after']}): the exercise "
            "asks you to leave it unchanged. Work on a copy (list(costs)) if you need to reorder or extend it")
        stages = _check_partition_shape(got, costs, k, call)
        largest = max(sum(costs[i] for i in s) for s in stages)
        best = _best_largest_stage_brute(costs, k)
        if largest > best + 1e-9:
            raise AssertionError(
                f"{call} returned {stages}, whose largest stage costs {largest:g}, but a split with a smaller largest "
                f"stage exists. {_why_not_optimal(costs, k, stages, largest, best)}")
    costs, k = probe.big_partition_case()
    call = f"partition_layers(<120 layer costs>, {k})"
    got = observation["big"]
    stages = _check_partition_shape(got, costs, k, call)
    largest = max(sum(costs[i] for i in s) for s in stages)
    best = _best_largest_stage_dp(costs, k)
    assert largest <= best, (
        f"{call}: your largest stage costs {largest}, and a split with a smaller largest stage exists. "
        f"{_why_not_optimal(costs, k, stages, largest, best)}")


def judge_partition_layers_errors(results) -> None:
    """k < 1 or k > number of layers raises ValueError; valid input at the edges does not raise."""
    published, drawn = _published_and_drawn(results)
    cases, good = [*probe.BAD_PARTITIONS, *probe.GOOD_PARTITIONS], set(range(len(probe.BAD_PARTITIONS), len(
        probe.BAD_PARTITIONS) + len(probe.GOOD_PARTITIONS)))
    for item in drawn:
        args = item.get("args") if isinstance(item, dict) else None
        if not (isinstance(args, list) and len(args) == 2 and isinstance(args[0], list) and isinstance(args[1], int)):
            raise AssertionError("the observation is incomplete: the grading code was changed")
        if 1 <= args[1] <= len(args[0]):
            good.add(len(cases))
        cases.append((args[0], args[1], "drawn for this grading"))
    for index, ((costs, k, what), result) in enumerate(observed(cases, published + [item["outcome"] for item in drawn])):
        if index in good:
            if isinstance(result.get("raised"), Raised):
                raise AssertionError(
                    f"partition_layers({costs}, {k}) ({what}) raised {result['raised'].name}, but that is valid "
                    "input: raise only when k < 1 or k is larger than the number of layers")
            returned = result.get("returned")
            if not (isinstance(returned, (list, tuple)) and len(returned) == k):
                raise AssertionError(
                    f"partition_layers({costs}, {k}) ({what}) returned {returned!r}, not {k} stages: valid input gets "
                    "its answer")
            continue
        raised = result.get("raised")
        if isinstance(raised, Raised) and raised.isa("ValueError"):
            continue
        if isinstance(raised, Raised):
            raise AssertionError(
                f"partition_layers({costs}, {k}) ({what}) raised {raised.name}; the exercise asks for a ValueError "
                "when k < 1 or k is larger than the number of layers")
        raise AssertionError(
            f"partition_layers({costs}, {k}) ({what}) returned instead of raising ValueError: "
            "k stages need 1 <= k <= number of layers, each stage at least one layer")


# --------------------------------------------------------------------------- exercise 4


def judge_split_model(observation) -> None:
    """split_model(model, cut) returns the layers themselves, all of them, in order; bad cuts raise."""
    model, x = probe.split_inputs()
    n = len(model)
    with torch.no_grad():
        expected = model(x)
    for cut, rec in zip(range(1, n), observation["cuts"]):
        call = f"split_model(<{n}-layer nn.Sequential>, cut={cut})"
        if "raised" in rec:
            raise AssertionError(f"{call} raised {rec['raised'].name}: {rec['raised'].message}. This cut is valid "
                                 f"(1 <= cut <= {n - 1}): split the model there")
        assert rec["pair"], f"{call} must return a pair (stage0, stage1)"
        for j, (ok, name) in enumerate(zip(rec["sequential"], rec["stage_types"], strict=True)):
            assert ok, f"{call}: stage {j} must be an nn.Sequential, got {name}"
        assert rec["model_len"] == n and rec["model_same"], (
            f"{call} changed the model: afterwards it has {rec['model_len']} layers, not the {n} it had (or not the same "
            "ones). The exercise asks you to leave `model` as it is: the stages share its layers (slice it, "
            "model[:cut]), they are not cut out of it")
        layers, types, originals = rec["layers"], rec["layer_types"], rec["original_types"]
        if len(types) != len(layers) or len(originals) != rec["model_len"]:
            raise AssertionError(f"{call}: the observation is incomplete: the grading code was changed")
        len0, len1 = rec["stage_lens"]
        if len(layers) < n:
            lost = [i for i in range(len(originals)) if i not in layers]
            same_type = [i for i in lost if originals[i] in types]
            if len(layers) + len(lost) == n or not same_type:
                raise AssertionError(f"{call} lost layer(s) {lost}: stage 0 has {len0} and stage 1 has {len1} layers, "
                                     f"together {len(layers)}, not {n}. Stage 0 is layers [0, cut), stage 1 is [cut, end)")
            raise AssertionError(f"{call}: the stages hold {len(layers)} layers, the model {n}. Some layers are lost")
        assert len0 == cut, f"{call}: stage 0 has {len0} layers; it must hold the first cut={cut} layers"
        assert len(layers) == n, f"{call}: the stages hold {len(layers)} layers, the model {n}: some layers are duplicated"
        if layers != list(range(n)):
            if types == originals:
                raise AssertionError(
                    f"{call}: the stages hold copies of the layers, not the layers themselves. A copy has its own "
                    "parameters, so training the stages would not train `model`; slice the nn.Sequential "
                    "(model[:cut] shares the layers) instead of deep-copying it")
            raise AssertionError(f"{call}: the stages' layers are not the model's layers, in order")
        output = rec["output"]
        if "raised" in output:
            raise AssertionError(f"{call}: stage1(stage0(x)) raised {output['raised'].name}: {output['raised'].message}")
        assert_tensors_close(output["returned"], expected, f"{call}: stage1(stage0(x)) vs model(x)")
    if len(observation["cuts"]) != n - 1:
        raise AssertionError(f"split_model: only {len(observation['cuts'])} of {n - 1} cuts were observed")
    for cut in (0, n, -1, n + 1):
        raised = observation["bad"][cut].get("raised")
        if isinstance(raised, Raised) and raised.isa("ValueError"):
            continue
        if isinstance(raised, Raised):
            raise AssertionError(f"split_model(model, cut={cut}) on {n} layers raised {raised.name}; the exercise asks "
                                 f"for a ValueError unless 1 <= cut <= {n - 1}")
        raise AssertionError(f"split_model(model, cut={cut}) on {n} layers must raise ValueError: each stage needs at "
                             f"least one layer, so 1 <= cut <= {n - 1}")


def judge_two_stage_step(observation) -> None:
    """Both stages ran on two ranks: compare rank 1's loss and every gradient with the whole model's."""
    assert isinstance(observation, dict) and {"ranks", "seeds"} <= observation.keys(), "two_stage_step: incomplete observation"
    per_rank = observation["ranks"]
    seeds = rank_seeds(observation["seeds"], 2, "two_stage_step")
    assert len(per_rank) == 2 and all(len(r) == len(probe.STEP_CASES) for r in per_rank), "two_stage_step: incomplete observation"
    for i, (seed, cut, batch) in enumerate(probe.STEP_CASES):
        model = probe.stack(seed)
        x, y = probe.step_data(seeds, i, batch)
        loss = nn.MSELoss()(model(x), y)
        loss.backward()
        what = f"(case seed={seed}, cut={cut}, batch={batch})"
        for rank in (0, 1):  # the stated method first: with no message, a right answer was found some other way
            if per_rank[rank][i]["order"] == "":
                raise AssertionError(
                    f"two_stage_step {what}: rank {rank} sent and received nothing. The two stages live in two "
                    "processes, and the exercise joins them with point-to-point messages: rank 0 sends the "
                    "activation to rank 1 (dist.send), rank 1 sends its gradient back (dist.send), each receiving "
                    "with dist.recv (or isend/irecv). Lecture 1, \"Splitting a model across two processes\"")
        on_rank0 = per_rank[0][i]["result"]
        if on_rank0 is not None:
            raise AssertionError(
                f"on rank 0 two_stage_step must return None (only rank 1 computes the loss), got {type_name(on_rank0)} {what}")
        got_loss = per_rank[1][i]["result"]
        if isinstance(got_loss, torch.Tensor) and got_loss.numel() == 1:
            got_loss = got_loss.item()
        assert isinstance(got_loss, numbers.Real) and not isinstance(got_loss, bool), (
            f"on rank 1 two_stage_step must return the loss as a float, got {type_name(got_loss)} {what}")
        assert math.isclose(got_loss, loss.item(), rel_tol=1e-4, abs_tol=1e-6), (
            f"the loss on rank 1 is {got_loss:.6g}, {'more' if got_loss > loss.item() else 'less'} than the whole model's "
            f"{what}: rank 1 must run "
            "stage 1 on exactly the activation rank 0 computed (received with dist.recv from rank 0)")
        for rank, layers in ((1, model[cut:]), (0, model[:cut])):
            grads = per_rank[rank][i]["grads"]
            for j, (p, g) in enumerate(zip(layers.parameters(), grads, strict=True)):
                name = f"gradient of stage {rank}'s parameter {j} {what}"
                if g is None:
                    if rank == 1:
                        raise AssertionError(f"{name} is None: rank 1 must call backward() on the loss")
                    raise AssertionError(
                        f"{name} is None: no gradient flowed back to stage 0. Rank 1 must send the activation's "
                        "gradient to rank 0 (dist.send), and rank 0 must receive it and call out.backward(grad)")
                if rank == 0 and isinstance(g, torch.Tensor) and torch.count_nonzero(g) == 0 and torch.count_nonzero(p.grad) > 0:
                    raise AssertionError(
                        f"{name} is all zeros: the gradient rank 0 received is zero. Rank 1 must send the received "
                        "activation's .grad after loss.backward(), which needs requires_grad_() on that activation")
                assert_tensors_close(g, p.grad, name, rtol=1e-4, atol=1e-6)
            if per_rank[rank][i]["changed"]:
                raise AssertionError(
                    f"two_stage_step changed stage {rank}'s parameters {what}: it is one forward and backward only, "
                    "with no optimizer step (the caller updates the weights from the .grad it leaves)")
        # method: rank 0 sends the activation, then receives the gradient (rank 1: receive, then send back)
        for rank in (0, 1):
            order = per_rank[rank][i]["order"]
            if forward_after_backward(order, "two_stage_step"):
                raise AssertionError(
                    f"two_stage_step {what}: the gradients are right, but rank {rank} issued its messages in the order "
                    f"{order} (F: the activation, from rank 0 to rank 1; B: its gradient, back from rank 1 to rank 0). "
                    "The exercise asks rank 0 to send the activation first, then receive the gradient (no receive for "
                    "the gradient posted before the activation is sent)")


# --------------------------------------------------------------------------- quiz

_QUIZ = {  # question: (right letter, hint, {wrong letter: why that choice is wrong}); no hint may give the answer away
    "q1": ("b", "See how nn.Linear(in_features, out_features) lays out its weight (lecture 1, section 1.1): "
                "create nn.Linear(1000, 10000), print .weight.shape and compare it with the constructor's arguments.",
           {"a": "Your answer assumes that weight's dimensions come in the order of the constructor's arguments: "
                 "do not assume it, print it.",
            "c": "Your answer prints the same shape on both ranks, but rank 0 prints part1's weight and rank 1 "
                 "part2's: two layers whose sizes are swapped.",
            "d": "Your answer prints the same shape on both ranks, but rank 0 prints part1's weight and rank 1 "
                 "part2's: two layers whose sizes are swapped."}),
    "q2": ("c", "Follow the program line by line on each rank: which line allocates the layers, and which ranks "
                "run it? Lecture 1, section 1.6 shows what it takes to really split a model between ranks.",
           {"a": "The `if rank == 0` comes after the model is built: it decides what is printed, not what is allocated.",
            "b": "Rank 1 prints part2, but printing allocates nothing: look at the line that builds the model.",
            "d": "Nothing in the program splits the model: no layer is moved, deleted or built on one rank only."}),
    "q3": ("b", "DDP is data parallelism: which of model and data does it divide between the ranks, and which does "
                "every rank keep? Lecture 1, section 1.5 measures it; in a scratch cell, count the parameters of a "
                "DDP-wrapped model on each of two ranks.",
           {"a": "Dividing the parameters between GPUs is model parallelism or sharding (FSDP, ZeRO-3); "
                 "DistributedDataParallel divides something else.",
            "c": "Nothing here divides by four, and DDP is not a sharding method.",
            "d": "The batch size changes the activations, not the parameters: a model's parameter count does not "
                 "depend on its input."}),
    "q4": ("d", "List the five tensors the question names, note whether each is fp16 or fp32, and add up their bytes "
                "per parameter (lecture 1, section 1.2, 'Mixed precision', and section 1.7, the ZeRO paper's count).",
           {"a": "Your count covers one fp32 copy of the weights only: training also keeps gradients and Adam's state.",
            "b": "Your count leaves tensors out: the question lists five, and each takes its bytes per parameter.",
            "c": "Your count is what Adam's fp32 state takes by itself: which of the tensors the question lists did "
                 "you leave out?"}),
    "q5": ("c", "Per device: what ZeRO-2 keeps whole, plus a 1/4 share of what it shards over the 4 devices. "
                "Which of the tensors you counted in Q4 does stage 2 shard, and which does it keep on every device? "
                "Lecture 1, section 1.7 works through the ZeRO paper's example.",
           {"a": "ZeRO-2 shards part of the training state over the 4 devices, so each device holds less than the "
                 "whole state.",
            "b": "Your answer shards only the optimizer state: that is stage 1. Stage 2 shards one more thing.",
            "d": "Your answer shards everything, weights included: that is stage 3 (FSDP). Stage 2 keeps one part "
                 "whole on every device."}),
}


def judge_quiz(observation) -> None:
    """Grade one quiz answer; the hint says why when it is wrong."""
    judge_choice(_QUIZ, observation)
