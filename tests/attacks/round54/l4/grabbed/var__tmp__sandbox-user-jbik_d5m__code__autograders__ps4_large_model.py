"""Judges of ps4_large_model (the large-model experiment). Never released, never in the student's kernel.

Each `judge_<name>` reads what `probes.ps4_large_model.<name>` observed the student's function do,
rebuilds the same inputs, computes the right answers and raises AssertionError with a message that
names the mistake. `judge_quiz` holds the quiz keys. See `grader.judge` for how they are run.

What the checks do:

- pipeline code ran on real ranks (2 and 4, gloo on CPU), each rank holding one stage of a small
  model, the first stage the batch's inputs and the last its targets, each built from that rank's
  own seed; each stage's gradients are compared with the unsplit model's, computed here in one
  process on the problem rebuilt from the seeds the probe reports, and a mismatch is reported for
  the rank (the stage) where it happens, in the words the rank itself used to report it
  ("<exercise> (rank r of n): ...");
- GPipe is checked for full-batch gradients with 1, 2 and 4 micro-batches and, by the point-to-point
  sends the probe counted, for really sending one message per micro-batch;
- the budget arithmetic and the reading of a measured table are compared with a reference on many
  cases, with messages that name the misconception (DDP replicates, the worst rank decides, ...).
"""

from __future__ import annotations

import math
import numbers

import torch
import torch.nn.functional as F

from autograders.common import forward_after_backward, judge_choice, judged_on_rank, observed, off, rank_seeds
from probes import ps4_large_model as probe
from probes.wire import Raised, type_name

STRATEGIES = probe.STRATEGIES


# --------------------------------------------------------------------------- shared pieces


def _bounds(num_blocks: int, world: int) -> list[int]:
    base, extra = divmod(num_blocks, world)
    bounds = [0]
    for s in range(world):
        bounds.append(bounds[-1] + base + (1 if s < extra else 0))
    return bounds


def _reference(widths, batch: int, seed: int, seeds, bounds):
    """The unsplit model trained on the whole batch that ranks with these seeds held between them: its loss,
    and each stage's names and gradients."""
    model, x, y = probe.problem(widths, batch, seed, seeds)
    assert bounds == _bounds(len(model), len(bounds) - 1), "the probe's stage bounds are not the even split"
    loss = F.cross_entropy(model(x), y)
    loss.backward()
    stages = [model[a:b] for a, b in zip(bounds[:-1], bounds[1:])]
    return loss.item(), [[(name, p.grad) for name, p in stage.named_parameters()] for stage in stages]




def _as_float(value):
    """The loss as a float if `value` is a Python number (float(loss) or loss.item()), else None."""
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        return float(value)
    return None


def _check_stage_gradients(what: str, grads, reference, rank: int, world: int, factor_hint) -> None:
    for g, (name, ref) in zip(grads, reference, strict=True):
        if g is None or (not torch.any(g) and torch.any(ref)):
            if rank == world - 1:
                raise AssertionError(
                    f"{what}: the last stage (rank {rank}) has no gradient for {name}: call backward on "
                    "loss_fn(output, y) on the last rank")
            raise AssertionError(
                f"{what}: no gradient reached stage {rank} (rank {rank}) of {world}: its parameter {name} has "
                f"{'no .grad' if g is None else 'an all-zero .grad'}. The gradient of the activations must flow "
                "back: the next stage must recv the activation, call requires_grad_() on it (a detached activation "
                "carries no gradient), send act.grad back after backward, and this stage must call "
                "output.backward(received_gradient).")
        if tuple(g.shape) != tuple(ref.shape) or not torch.allclose(g.double(), ref.double(), rtol=1e-4, atol=1e-6):
            ratio = g.abs().sum().item() / max(ref.abs().sum().item(), 1e-30)
            raise AssertionError(
                f"{what}: on {world} ranks the gradient of stage {rank}'s parameter {name} differs from the unsplit "
                f"model's (yours are {ratio:.3g}x the expected size).{factor_hint(ratio)}")


def _check_returned(what: str, out, rank: int, world: int, ref_loss: float, last_message: str, mismatch) -> None:
    if rank == world - 1:
        assert out is not None, f"{what}: the last rank must return {last_message}, got None"
        value = _as_float(out)
        if isinstance(out, torch.Tensor):
            raise AssertionError(f"{what}: the last rank returned a tensor; the exercise asks for {last_message}: "
                                 "return loss.item() (a tensor keeps the autograd graph and the device alive)")
        assert value is not None, f"{what}: the last rank must return {last_message}, got {type_name(out)} {out!r}"
        assert math.isclose(value, ref_loss, rel_tol=1e-4, abs_tol=1e-6), mismatch(value)
    else:
        assert out is None, f"{what}: rank {rank} is not the last stage and must return None, got {out!r}"


def _per_rank(exercise: str, per_rank, world: int) -> list:
    if not isinstance(per_rank, list) or len(per_rank) != world:
        raise AssertionError(f"{exercise}: the observation does not hold {world} ranks: the grading code was changed")
    return per_rank


def _seeds(exercise: str, seeds, world: int) -> list[int]:
    """The seeds the launcher read from the ranks of one run (one int per rank), from which the judge
    rebuilds the problem."""
    return rank_seeds(seeds, world, exercise)


# --------------------------------------------------------------------------- exercise 1: split_layers


def _expected_sizes(n: int, k: int) -> list[int]:
    b = _bounds(n, k)
    return [hi - lo for lo, hi in zip(b[:-1], b[1:])]


def judge_split_layers(observation) -> None:
    """Every layer exactly once, in order, the model's own objects, sizes as equal as possible."""
    for (num_layers, k), rec in observed(probe.SPLIT_CASES, observation["cases"]):
        model, x = probe.split_inputs(num_layers, k)
        where = f"split_layers({num_layers} layers, {k} stages)"
        assert rec["sequence"], f"{where} must return a list of nn.Sequential, got {rec['type']}"
        assert rec["len"] == k, f"{where} returned {rec['len']} stages, expected {k}"
        assert rec["modules"] and rec.get("sequential"), (
            f"{where}: every stage must be an nn.Sequential (a slice model[a:b] is one), not a list of layers or another module")
        held, own = rec["layers"], rec["model_len"]
        if held and all(i == -1 for i in held):
            raise AssertionError(f"{where}: the stages hold copies of the layers; stages must hold the model's own "
                                 "layer objects (slice the nn.Sequential: model[a:b])")
        for i, m in enumerate(model):
            count = held.count(i)
            assert count > 0, (f"{where}: layer {i} ({type(m).__name__}) is in no stage: the split lost a layer. "
                               "Every layer must be in exactly one stage; check the last stage's end index.")
            assert count == 1, f"{where}: layer {i} is in {count} stages: stages must not overlap"
        assert len(held) == own, f"{where}: the stages hold {len(held)} layers, the model has {own}"
        assert held == list(range(own)), f"{where}: the layers are not in the model's order; stages must be contiguous slices"
        sizes = rec["sizes"]
        expected = _expected_sizes(num_layers, k)
        assert sizes == expected, (f"{where}: stage sizes {sizes} are not as even as possible: "
                                   "the first len(model) % num_stages stages get one layer more")
        output = rec["output"]
        if "raised" in output:
            raised = output["raised"]
            raise AssertionError(f"{where}: running the stages one after another raised {raised.name}: {raised.message}")
        with torch.no_grad():
            reference = model(x)
        out = output["returned"]
        assert (isinstance(out, torch.Tensor) and tuple(out.shape) == tuple(reference.shape)
                and torch.allclose(out.double(), reference.double())), (
            f"{where}: running the stages one after another does not give model(x)")
    for bad, result in observed(probe.BAD_SPLITS, observation["bad"]):
        raised = result.get("raised")
        if isinstance(raised, Raised) and raised.isa("ValueError"):
            continue
        why = ("the exercise asks for a ValueError when num_stages is below 1 or above len(model): every stage needs "
               "at least one layer and there must be at least one stage")
        if isinstance(raised, Raised):
            raise AssertionError(f"split_layers(5 layers, {bad} stages) raised {raised.name} ({raised.message}); {why}. "
                                 "Check num_stages first and raise ValueError yourself")
        raise AssertionError(f"split_layers(5 layers, {bad} stages) returned without raising; {why}")


# --------------------------------------------------------------------------- exercise 2: pipeline_stage_step


def _more_or_less(value, reference) -> str:
    return "more" if value > reference else "less"


def _judge_pipeline_rank(what, rec, reference, ref_loss, rank, world) -> None:
    _check_stage_gradients(what, rec["grads"], reference, rank, world, lambda r: "")
    _check_returned(what, rec["returned"], rank, world, ref_loss, "the loss (a float)", lambda value: (
        f"{what}: the last rank returned loss {value:.6g}, {_more_or_less(value, ref_loss)} than the unsplit model's loss"))
    # method: "in this order": recv the input, forward, send the output; then recv the gradient, backward, send back
    order = rec["order"]
    if forward_after_backward(order, what):
        raise AssertionError(
            f"{what}: the gradients are right, but rank {rank} issued its messages in the order {order} (F forward: "
            "the activation from rank r - 1 or to rank r + 1; B backward: the gradient from rank r + 1 or to rank "
            "r - 1). The exercise asks for them in this order: recv the input, forward, send the output; only then "
            "recv the gradient of the output (no receive for it posted before the activation is sent)")


def _diagnose_hang(exercise: str, world: int, hang: dict) -> str:
    """What the ranks' messages say about a run that never finished: a message to a rank that is not a
    neighbour, or two neighbours each waiting in recv for the other; else the launcher's own words."""
    logs = hang["p2p"]
    if not isinstance(logs, list) or len(logs) != world:
        raise AssertionError(f"{exercise}: the observation does not hold {world} ranks: the grading code was changed")
    running = [r for r, log in enumerate(logs) if log["end"] is None]
    for rank, log in enumerate(logs):
        for op, peer, _ in log["calls"]:
            if peer is not None and peer not in (rank - 1, rank + 1):
                did = f"sent a message to rank {peer}" if op == "send" else f"waited to receive from rank {peer}"
                kind = ("the gradient of its input goes back to the previous stage" if op == "send" and peer < rank
                        else "activations go forward to the next stage" if op == "send"
                        else "it receives activations from the previous stage and gradients from the next one")
                return (f"{exercise} on {world} ranks did not finish: rank {rank} {did}, which is not a neighbouring stage. "
                        f"In a pipeline rank r talks only to rank r - 1 and rank r + 1: {kind} (rank {rank - 1 if peer < rank else rank + 1} here), "
                        f"and the rank that expected that message waits forever. Ranks {running} were still running.")
    for rank in running:
        calls = logs[rank]["calls"]
        if not calls or calls[-1][0] != "recv" or calls[-1][1] is None:
            continue
        peer = calls[-1][1]
        if peer in running and 0 <= peer < world:
            other = logs[peer]["calls"]
            if other and other[-1][0] == "recv" and other[-1][1] == rank:
                first, second = sorted((rank, peer))
                sent_forward = sum(1 for op, to, _ in logs[first]["calls"] if op == "send" and to == second)
                why = (f"rank {first} waits for a gradient from rank {second} before it has sent rank {second} the activation "
                       "that gradient is computed from" if sent_forward == 0 else
                       "each waits for a message the other sends only after its own recv")
                return (f"{exercise} on {world} ranks did not finish: ranks {first} and {second} each wait in recv for the "
                        f"other ({why}). send and recv pair up in program order: a rank sends its activation forward "
                        "before it waits for the gradient coming back.")
    return hang["hang"]


def _pipeline_runs(exercise: str, results, world_sizes) -> list:
    """(world, the ranks' seeds, per-rank results) of each run; the first run that hung ends the judgement
    with its diagnosis."""
    runs = []
    for world, run in observed(world_sizes, results):
        if isinstance(run, dict) and "hang" in run:
            raise AssertionError(_diagnose_hang(exercise, world, run))
        if not isinstance(run, dict) or "seeds" not in run or "ranks" not in run:
            raise AssertionError(f"{exercise}: the observation is incomplete: the grading code was changed")
        runs.append((world, _seeds(exercise, run["seeds"], world), _per_rank(exercise, run["ranks"], world)))
    return runs


def judge_pipeline_stage_step(results) -> None:
    """Stage gradients equal the unsplit model's on 2 and 4 ranks; the loss comes back on the last rank."""
    for world, seeds, per_rank in _pipeline_runs("pipeline_stage_step", results, probe.WORLD_SIZES):
        widths, batch, seed, bounds = probe.PIPELINE_CASES[world]
        ref_loss, references = _reference(widths, batch, seed, seeds, bounds)
        what = f"pipeline_stage_step on {world} ranks"
        for rank in reversed(range(world)):  # a wrong gradient shows first where it is made, then flows back
            rec = per_rank[rank]
            judged_on_rank("pipeline_stage_step", rank, world, _judge_pipeline_rank, what, rec, references[rank], ref_loss,
                     rank, world)


# --------------------------------------------------------------------------- exercise 3: gpipe_step


def _micro_batch_hint(m):
    def hint(ratio):
        if m > 1 and abs(ratio - m) < 0.05 * m:
            return (f" They are {m}x too large, {m} being the number of micro-batches: the micro-batch losses were "
                    "summed without scaling. Divide each micro-batch's loss by the number of micro-batches so the "
                    "accumulated gradient is the full batch's.")
        if m > 1 and abs(ratio - 1 / m) < 0.05 / m:
            return (f" They are 1/{m} of the expected size: only one micro-batch's gradient survived, or the loss "
                    "was divided by the number of micro-batches twice.")
        return ""

    return hint


def _judge_gpipe_rank(what, rec, reference, ref_loss, rank, world, m) -> None:
    _check_stage_gradients(what, rec["grads"], reference, rank, world, _micro_batch_hint(m))
    _check_returned(what, rec["returned"], rank, world, ref_loss, "the batch's mean loss (a float)", lambda value: (
        f"{what}: the last rank returned loss {value:.6g}, {_more_or_less(value, ref_loss)} than the full batch's mean loss. "
        "Return the mean over the micro-batches (the sum of the scaled micro-batch losses)."))


def judge_gpipe_full_batch(results) -> None:
    """Gradients equal the full batch's for 1, 2 and 4 micro-batches, on 2 and 4 ranks."""
    for world, seeds, per_rank in _pipeline_runs("gpipe_step", results, probe.WORLD_SIZES):
        widths, batch, seed, bounds = probe.GPIPE_CASES[world]
        for i, m in enumerate(probe.MICRO_BATCHES):  # the run with m micro-batches: each rank's seed + m
            ref_loss, references = _reference(widths, batch, seed + m, [s + m for s in seeds], bounds)
            what = f"gpipe_step on {world} ranks with {m} micro-batches"
            for rank in reversed(range(world)):
                rec = observed(probe.MICRO_BATCHES, per_rank[rank])[i][1]
                judged_on_rank("gpipe_step", rank, world, _judge_gpipe_rank, what, rec, references[rank], ref_loss, rank,
                         world, m)


def judge_gpipe_micro_batches(observation) -> None:
    """A ValueError on every rank, before any send or recv, for a batch that does not split; then one
    message per micro-batch in each direction."""
    world, m, batch = probe.SENDS_WORLD, probe.SENDS_MICRO_BATCHES, probe.UNEVEN_BATCH
    uneven = observation["uneven"]
    rule = (f"with a batch of {batch} and {m} micro-batches gpipe_step must raise ValueError on every rank, before any "
            f"send or recv ({batch} samples do not split into {m} equal micro-batches)")
    if isinstance(uneven, dict) and "hang" in uneven:
        logs = uneven["p2p"]
        if not isinstance(logs, list) or len(logs) != world:
            raise AssertionError("gpipe_step: the observation is incomplete: the grading code was changed")
        raised = [r for r, log in enumerate(logs) if log["end"] and log["end"].startswith("raised")]
        running = [r for r, log in enumerate(logs) if log["end"] is None]
        raise AssertionError(
            f"gpipe_step: {rule}. Rank(s) {raised or 'none'} raised, but rank(s) {running} never returned: they went on "
            "and waited in a send or recv that no rank answers. Every rank can tell from its own arguments (len(x) on rank 0, recv_shape[0] elsewhere) "
            "that the batch does not split, so check on every rank before any send or recv")
    per_rank = _per_rank("gpipe_step", uneven, world)
    for rank in reversed(range(world)):  # the last rank is the first to return
        rec = per_rank[rank]
        if not isinstance(rec, dict) or not isinstance(rec.get("p2p"), list):
            raise AssertionError("gpipe_step: the observation is incomplete: the grading code was changed")
        raised = rec.get("raised")
        if not isinstance(raised, Raised):
            raise AssertionError(f"gpipe_step (rank {rank} of {world}): returned without raising; {rule}")
        if not raised.isa("ValueError"):
            raise AssertionError(f"gpipe_step (rank {rank} of {world}): raised {raised.name} ({raised.message}); {rule}. "
                                 "Check the division yourself and raise ValueError")
        messages = rec["p2p"]
        if messages:
            raise AssertionError(f"gpipe_step (rank {rank} of {world}): raised ValueError, but only after "
                                 f"{len(messages)} send/recv call(s); {rule}: a message sent before the error is left "
                                 "for a rank that will never receive it")
    for rank, rec in enumerate(_per_rank("gpipe_step", observation["counted"], world)):
        sent = rec["sends"]
        forward, backward = sent.get(rank + 1, 0), sent.get(rank - 1, 0)
        if rank < world - 1:
            assert forward == m, (
                f"gpipe_step on {world} ranks with {m} micro-batches: rank {rank} sent {forward} activation message(s) "
                f"to the next stage, not one per micro-batch. Send each micro-batch's activation as soon as it is "
                "computed, so the next stage can start on it: that is what makes a pipeline overlap work (one message "
                "for the whole batch is no pipelining).")
        if rank > 0:
            assert backward == m, (
                f"gpipe_step on {world} ranks with {m} micro-batches: rank {rank} sent {backward} gradient message(s) "
                "back to the previous stage, not one per micro-batch.")
        order = rec.get("order")
        if forward_after_backward(order, "gpipe_step"):
            raise AssertionError(
                f"gpipe_step on {world} ranks with {m} micro-batches: rank {rank} sent or received a gradient before "
                f"its last forward message (its messages in order, F forward, B backward: {order}). The exercise asks "
                "for all forwards, micro-batch by micro-batch, then all backwards: a backward right after each "
                "micro-batch's forward is gradient accumulation, not GPipe, and keeps the other stages waiting")


# --------------------------------------------------------------------------- exercise 4: budget arithmetic


def _reference_bytes(strategy, P, A, n, L=0, bpp=16):
    if strategy == "single":
        return bpp * P + A
    if strategy == "ddp":
        return bpp * P + 4 * P + A / n
    if strategy == "pipeline":
        return bpp * P / n + A / n
    if strategy == "fsdp":
        return bpp * P / n + A / n + 8 * L
    raise ValueError(strategy)


_WHY = {
    "single": "one device holds everything: bytes_per_param * num_params + activation_bytes",
    "ddp": ("DDP replicates the model: every rank holds all the weights, gradients and optimizer state "
            "(bytes_per_param * num_params, not divided by the number of ranks), plus its gradient buckets "
            "(torch's accounting, which this exercise uses: 4 bytes per parameter for fp32 gradients); only the "
            "activations shrink, because the batch is split"),
    "pipeline": "each of the n stages holds 1/n of the parameters' training state and about 1/n of the activations",
    "fsdp": ("FSDP shards the parameters, gradients and optimizer state (1/n each) and splits the batch (activations / n), "
             "and gathers the largest layer in full while it runs: 8 bytes per parameter of that layer"),
}


def _bytes_mistake(strategy, got, P, A, n, L, bpp) -> str:
    """A sentence naming the mistake when `got` is what a typical one gives, else ""."""
    close = lambda value: math.isclose(got, value, rel_tol=1e-9, abs_tol=1e-6)  # noqa: E731
    if bpp != 16 and close(_reference_bytes(strategy, P, A, n, L, 16)):
        return (f" It is what 16 bytes per parameter gives, but this call has bytes_per_param={bpp}: use the argument, "
                "not the 16 of Adam in fp32.")
    if strategy == "ddp" and close(bpp * P + A / n):
        return (" You left out DDP's gradient buckets (ZeRO's accounting). The table asks for torch's: by default "
                "(gradient_as_bucket_view=False) DDP keeps a flat copy of the gradients in its buckets, 4 bytes per "
                "parameter for fp32 gradients.")
    if strategy in ("ddp", "pipeline", "fsdp") and n > 1 and close(_reference_bytes(strategy, P, A * n, n, L, bpp)):
        return " The activations are those of the whole batch: the batch is split over the ranks, so divide them by n."
    return ""


def _recognised(strategy, got, P, A, n, L, bpp) -> bool:
    """got is the right per-rank bytes, or what one of the usual mistakes gives (a later exercise may then be
    judged consistently with it: one mistake, one cell)."""
    if not isinstance(got, numbers.Real) or isinstance(got, bool) or not math.isfinite(got):
        return False
    right = _reference_bytes(strategy, P, A, n, L, bpp)
    if math.isclose(got, right, rel_tol=1e-9, abs_tol=1e-6) or _bytes_mistake(strategy, got, P, A, n, L, bpp):
        return True
    return strategy == "fsdp" and math.isclose(got, right - 8 * L, rel_tol=1e-9, abs_tol=1e-6)  # no gathered layer


def judge_per_rank_bytes(observation) -> None:
    """The per-rank bytes of every strategy on several models, world sizes and optimizers."""
    for (P, A, n, L, bpp), row in observed(probe.BYTES_CASES, observation["cases"]):
        for strategy, got in observed(STRATEGIES, row):
            expected = _reference_bytes(strategy, P, A, n, L, bpp)
            call = (f"per_rank_bytes({strategy!r}, num_params={P}, activation_bytes={A}, world_size={n}, "
                    f"largest_layer_params={L}, bytes_per_param={bpp})")
            assert isinstance(got, (int, float)) and not isinstance(got, bool), f"{call} must return a number, got {got!r}"
            if not math.isclose(got, expected, rel_tol=1e-9, abs_tol=1e-6):
                raise AssertionError(f"{call}: {off(got, expected)}: {_WHY[strategy]}.{_bytes_mistake(strategy, got, P, A, n, L, bpp)}")
    for bad, result in observed(probe.BAD_STRATEGIES, observation["bad"]):
        raised = result.get("raised")
        if isinstance(raised, Raised) and raised.isa("ValueError"):
            continue
        why = f"the exercise asks for a ValueError for a strategy that is not one of {STRATEGIES}"
        if isinstance(raised, Raised):
            raise AssertionError(f"per_rank_bytes({bad!r}, ...) raised {raised.name} ({raised.message}); {why}")
        raise AssertionError(f"per_rank_bytes({bad!r}, ...) returned without raising; {why}")


# The cases of probe.FIT_CASES: the lecture's experiment; single fits exactly at the budget; a
# middle case; fsdp's gathered layer breaks it; nothing fits; everything fits.


def _own_bytes_discriminate(own: list, budgets: list) -> bool:
    """The notebook's own per_rank_bytes, on the cases, puts some strategy over its budget and some
    under: only then does agreeing with it show that strategies_that_fit filters."""
    verdicts = set()
    for row, budget in zip(own, budgets):
        if not (isinstance(row, list) and len(row) == len(STRATEGIES)
                and all(isinstance(b, numbers.Real) and not isinstance(b, bool) and math.isfinite(b) for b in row)):
            return False
        verdicts.update(b <= budget for b in row)
    return verdicts == {True, False}


def judge_strategies_that_fit(results) -> None:
    """The strategies that fit a budget, in the order single, ddp, pipeline, fsdp (<= budget fits)."""
    drawn = results.get("drawn") if isinstance(results, dict) else None
    if (not isinstance(results, dict) or not isinstance(results.get("returned"), list) or not isinstance(drawn, list)
            or len(drawn) != probe.DRAWN_FIT_CASES or not all(
                isinstance(case, list) and len(case) == 6 and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0
                                                                  for v in case) and case[2] >= 1 for case in drawn)):
        raise AssertionError("the observation is not what the probe reports: the grading code was changed")
    cases = list(probe.FIT_CASES) + [tuple(case) for case in drawn]  # the drawn ones: as the observer drew them
    own = results.get("own_bytes")
    own = own if isinstance(own, list) and len(own) == len(cases) else [None] * len(cases)
    if not _own_bytes_discriminate(own, [case[3] for case in cases]) or not all(
            _recognised(s, b, P, A, n, L, bpp) for (P, A, n, _, L, bpp), row in zip(cases, own) for s, b in zip(STRATEGIES, row)):
        # bytes that let everything fit (or nothing) test no filtering; bytes that are neither right nor one of
        # the mistakes _bytes_mistake names (made up, or distorted, to agree with an answer) are not the
        # notebook's per_rank_bytes with a mistake: the reference judges
        own = [None] * len(cases)
    for ((P, A, n, budget, L, bpp), got), own_bytes in zip(observed(cases, results["returned"]), own):
        expected = [s for s in STRATEGIES if _reference_bytes(s, P, A, n, L, bpp) <= budget]
        # consistent with the notebook's own per_rank_bytes: a mistake there is exercise 3's, not this one's
        if got != expected and own_bytes is not None and got == [s for s, b in zip(STRATEGIES, own_bytes) if b <= budget]:
            continue
        call = (f"strategies_that_fit(num_params={P}, activation_bytes={A}, world_size={n}, budget={budget}, "
                f"largest_layer_params={L}, bytes_per_param={bpp})")
        assert isinstance(got, list), f"{call} must return a list of strategy names, got {type_name(got)}"
        if got == expected:
            continue
        if sorted(map(str, got)) == sorted(expected):
            raise AssertionError(f"{call} = {got}: the right strategies, but list them in the order of STRATEGIES "
                                 f"{list(STRATEGIES)}")
        if bpp != 16 and got == [s for s in STRATEGIES if _reference_bytes(s, P, A, n, L, 16) <= budget]:
            raise AssertionError(f"{call} = {got}: that is the answer for 16 bytes per parameter: bytes_per_param was not "
                                 "used (pass it on to per_rank_bytes, and use it there)")
        if got == [s for s in STRATEGIES if _reference_bytes(s, P, A, n, L, bpp) < budget]:
            raise AssertionError(f"{call} = {got}: a strategy that needs exactly the budget fits too (at most the budget, "
                                 "<=, not <)")
        wrong_in = [s for s in got if s not in expected]
        missing = [s for s in expected if s not in got]
        if wrong_in:
            s = wrong_in[0]
            if s not in STRATEGIES:
                raise AssertionError(f"{call} = {got}: {s!r} is not a strategy; "
                                     f"the strategies are {list(STRATEGIES)}")
            raise AssertionError(f"{call} = {got}: {s!r} needs more bytes per rank than the budget, because {_WHY[s]}.")
        if missing:
            s = missing[0]
            raise AssertionError(f"{call} = {got}: {s!r} is missing: it fits the budget, because {_WHY[s]}.")
        raise AssertionError(f"{call} = {got}: list each strategy once, in the order {list(STRATEGIES)}")


# --------------------------------------------------------------------------- exercise 5: choose_strategy


def _reference_choice(table, budget):
    fitting = [(row["step_seconds"], max(row["peak_bytes"]), name) for name, row in table.items()
               if max(row["peak_bytes"]) <= budget]
    return min(fitting)[2] if fitting else None


_TABLE_ANSWERS = [  # (what the table of probe.TABLES shows, the right choice), in the same order
    ("pipeline's rank 1 is over the budget although the mean of its ranks is under it", "fsdp"),
    ("everything fits: the fastest wins", "ddp"),
    ("nothing fits", None),
    ("the fastest strategy peaks exactly at the budget", "single"),
    ("equal step times: the smaller worst-rank peak wins", "pipeline"),
    ("4 ranks, one of them over the budget", "fsdp"),
]


def _fastest_first_listed(table, budget):
    """What ignoring the tie rule gives: the first listed of the fastest strategies that fit."""
    fitting = [name for name, row in table.items() if max(row["peak_bytes"]) <= budget]
    return min(fitting, key=lambda name: table[name]["step_seconds"]) if fitting else None


def judge_choose_strategy(results) -> None:
    """The fastest strategy whose every rank fits; ties by the worst rank's peak; None when none fits;
    the table left as it was given."""
    assert len(_TABLE_ANSWERS) == len(probe.TABLES)
    for ((table, budget), (why, expected)), rec in observed(zip(probe.TABLES, _TABLE_ANSWERS), results):
        assert _reference_choice(table, budget) == expected
        if not isinstance(rec, dict) or not ("returned" in rec or "raised" in rec) or "changed" not in rec:
            raise AssertionError("choose_strategy: the observation is incomplete: the grading code was changed")
        raised = rec.get("raised")
        if isinstance(raised, Raised):
            hint = " When nothing fits, return None." if expected is None else ""
            raise AssertionError(f"choose_strategy on a table where {why}: raised {raised.name} ({raised.message}).{hint}")
        got = rec.get("returned")
        if rec.get("changed"):
            raise AssertionError(
                f"choose_strategy on a table where {why}: the table was changed by the call (an entry removed, added or "
                "modified, or a list sorted in place). The exercise says: do not modify the table; the caller still "
                "needs it. Build your own list or dict of the candidates instead")
        if got == expected:
            continue
        msg = f"choose_strategy on a table where {why}: returned {got!r}, which is not the fastest strategy that fits."
        if isinstance(got, str) and got in table and max(table[got]["peak_bytes"]) > budget:
            msg += (f" {got!r} does not fit: its worst rank peaks at {max(table[got]['peak_bytes']):,.0f} bytes, over the "
                    f"budget of {budget:,.0f}. The worst rank decides, not the average: one rank out of memory stops them all.")
        elif expected is None:
            msg += " When no strategy fits on every rank, return None."
        elif isinstance(got, str) and got in table and got == _fastest_first_listed(table, budget):
            msg += (" Several strategies that fit are equally fast here: on a tie, pick the one whose largest "
                    "per-rank peak is smaller.")
        elif max(table[expected]["peak_bytes"]) == budget:
            msg += " A strategy whose worst rank peaks exactly at the budget fits (at or under the budget, <=)."
        raise AssertionError(msg)


# --------------------------------------------------------------------------- quiz

_QUIZ = {  # question: (right letter, hint, {wrong letter: why that choice is wrong}); no hint may give the answer away
    "q1": ("b", "Lecture 4, section 5 (micro-batches and the bubble): put p (the stages) and m (the micro-batches) "
                "into the bubble formula, and check that you did not swap them.",
           {"a": "Your answer divides by the number of micro-batches alone: the formula's denominator counts the "
                 "whole step, idle slots included.",
            "c": "Recheck both parts of the formula: the numerator (how many slots a stage waits while the pipeline "
                 "fills and drains) and the denominator (the whole step, idle slots included).",
            "d": "Your answer counts one idle slot per step: a stage waits while the pipeline fills and again while "
                 "it drains, p - 1 slots in all."}),
    "q2": ("b", "Lecture 4, section 3 (DDP on two ranks) and lecture 1, section 1.5: under DDP, what does each rank "
                "keep whole, and what is divided between the ranks?",
           {"a": "Dividing the model between GPUs is pipeline parallelism or sharding (FSDP); DDP divides something else.",
            "c": "No rank keeps the other rank's model: the ranks exchange gradients, not copies of the model.",
            "d": "Dividing weights and gradients between GPUs is sharding (FSDP, ZeRO); DDP is not a sharding method."}),
    "q3": ("a", "Lecture 4, section 8 (scaling): speedup is the time on 1 GPU divided by the time on n GPUs, and "
                "efficiency is the speedup divided by n.",
           {"b": "Your efficiency is the fraction of time saved, which is not how efficiency is defined: compute it "
                 "from the speedup.",
            "c": "'70% faster' is the fraction of time saved, not a speedup, and efficiency is not the time saved: "
                 "use the two definitions.",
            "d": "The times are measured: 30 minutes is more than 100 / 4 = 25. Efficiency counts every loss: "
                 "communication not hidden by backward, waiting for the slowest GPU, data loading, smaller kernels "
                 "that use a GPU less well."}),
    "q4": ("b", "Lecture 4, section 8 (nccl-tests): algbw is the data size divided by the time; busbw scales algbw by "
                "the ring all-reduce's factor 2(n-1)/n, so that it compares across numbers of GPUs.",
           {"a": "That is the algorithm bandwidth (size / time); busbw also counts what the ring sends over each link.",
            "c": "Your answer multiplies by 2; the ring all-reduce's factor depends on n: 2(n-1)/n.",
            "d": "Your answer uses (n-1)/n, the factor of a reduce-scatter or an all-gather alone; an all-reduce is "
                 "both, one after the other."}),
    "q5": ("b", "Follow the program on rank 1: which line builds layers, and does anything remove a layer from this "
                "rank? Lecture 4, section 4 shows what a real split into stages takes. Then count: nn.Linear(i, o) has "
                "i * o weights and o biases.",
           {"a": "The `if` comes after the model is built and only decides which rank prints: does it remove anything "
                 "from rank 1?",
            "c": "The `if` comes after the model is built and only decides which rank prints: does it remove anything "
                 "from rank 1?",
            "d": "Nothing here shards parameters between ranks: no collective, no FSDP, no split."}),
}


def judge_quiz(observation) -> None:
    """Grade one quiz answer; the hint says why when it is wrong."""
    judge_choice(_QUIZ, observation)
