"""A correct solution in the style of torch's tutorials: P2POp + batch_isend_irecv for every message,
itertools for the stage bounds, chunk() for the micro-batches, warnings and logging on stderr, its own
ValueError messages: full marks."""

CELLS = {
    "split_layers": '''
import itertools

def split_layers(model, num_stages):
    """Cut `model` into `num_stages` contiguous nn.Sequential stages, sizes as equal as possible."""
    if num_stages < 1 or num_stages > len(model):
        raise ValueError("num_stages must be between 1 and the number of layers")
    q, r = divmod(len(model), num_stages)
    sizes = [q + 1] * r + [q] * (num_stages - r)
    ends = list(itertools.accumulate(sizes))
    return [model[end - size:end] for size, end in zip(sizes, ends)]
''',
    "pipeline_stage_step": '''
import logging
import sys

logging.basicConfig(stream=sys.stderr, level=logging.INFO)
log = logging.getLogger("pipeline")

def _p2p(op, tensor, peer):
    for work in dist.batch_isend_irecv([dist.P2POp(op, tensor, peer)]):
        work.wait()

def pipeline_stage_step(stage, x, y, recv_shape, loss_fn=F.cross_entropy):
    """Forward and backward of this rank's pipeline stage (rank r holds stage r)."""
    rank, world = dist.get_rank(), dist.get_world_size()
    device = next(stage.parameters()).device
    first, last = rank == 0, rank == world - 1
    if first:
        act = x
    else:
        act = torch.empty(recv_shape, device=device)
        _p2p(dist.irecv, act, rank - 1)
        act.requires_grad_()
    out = stage(act)
    if last:
        loss = loss_fn(out, y)
        loss.backward()
        log.info("rank %d: loss %.4f", rank, loss.item())
    else:
        _p2p(dist.isend, out.detach(), rank + 1)
        grad = torch.empty_like(out)
        _p2p(dist.irecv, grad, rank + 1)
        out.backward(grad)
    if not first:
        _p2p(dist.isend, act.grad, rank - 1)
    return loss.item() if last else None
''',
    "gpipe_step": '''
import warnings

def gpipe_step(stage, x, y, recv_shape, num_micro_batches, loss_fn=F.cross_entropy):
    """One GPipe training step of this rank's stage: all micro-batch forwards, then all backwards."""
    rank, world = dist.get_rank(), dist.get_world_size()
    m = num_micro_batches
    n = len(x) if rank == 0 else recv_shape[0]
    if n % m != 0:
        raise ValueError(f"cannot cut {n} samples into {m} equal micro-batches")
    warnings.warn(f"rank {rank}: {m} micro-batches of {n // m}", stacklevel=2)
    device = next(stage.parameters()).device
    xs = list(x.chunk(m)) if rank == 0 else [None] * m
    ys = list(y.chunk(m)) if rank == world - 1 else [None] * m
    saved = []
    for xm, ym in zip(xs, ys):
        if rank > 0:
            xm = torch.empty((n // m, *recv_shape[1:]), device=device)
            _p2p(dist.irecv, xm, rank - 1)
            xm.requires_grad_()
        out = stage(xm)
        if rank < world - 1:
            _p2p(dist.isend, out.detach(), rank + 1)
        else:
            out = loss_fn(out, ym) / m
        saved.append((xm, out))
    losses = []
    for xm, out in saved:
        if rank < world - 1:
            g = torch.empty_like(out)
            _p2p(dist.irecv, g, rank + 1)
            torch.autograd.backward(out, g)
        else:
            out.backward()
            losses.append(out.item())
        if rank > 0:
            _p2p(dist.isend, xm.grad, rank - 1)
    return sum(losses) if rank == world - 1 else None
''',
    "per_rank_bytes": '''
STRATEGIES = ("single", "ddp", "pipeline", "fsdp")

def per_rank_bytes(strategy, num_params, activation_bytes, world_size, largest_layer_params=0, bytes_per_param=16):
    """Bytes one rank holds while training with `strategy` (see the table above)."""
    state = bytes_per_param * num_params
    match strategy:
        case "single":
            return state + activation_bytes
        case "ddp":
            return state + 4 * num_params + activation_bytes / world_size
        case "pipeline":
            return (state + activation_bytes) / world_size
        case "fsdp":
            return (state + activation_bytes) / world_size + 8 * largest_layer_params
    raise ValueError(f"{strategy!r}? expected one of {', '.join(STRATEGIES)}")
''',
    "strategies_that_fit": '''
def strategies_that_fit(num_params, activation_bytes, world_size, budget, largest_layer_params=0, bytes_per_param=16):
    """The strategies (in the order of STRATEGIES) whose bytes per rank are at most `budget`."""
    def need(s):
        return per_rank_bytes(s, num_params, activation_bytes, world_size, largest_layer_params, bytes_per_param)
    return list(filter(lambda s: need(s) <= budget, STRATEGIES))
''',
    "choose_strategy": '''
def choose_strategy(table, budget):
    """The fastest strategy of `table` whose every rank fits `budget` (ties: smaller worst peak); None if none."""
    ranked = sorted(table.items(), key=lambda item: (item[1]["step_seconds"], max(item[1]["peak_bytes"])))
    return next((name for name, row in ranked if max(row["peak_bytes"]) <= budget), None)
''',
}
LOSES = {}
