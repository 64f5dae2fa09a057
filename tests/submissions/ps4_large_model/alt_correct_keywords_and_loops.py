"""A correct solution written in plain loops: blocking send/recv with keyword arguments, recv into
zeros, nn.Sequential built from the model's own children, a dict of formulas with KeyError turned
into ValueError, prints and a stderr line from every rank: full marks."""

CELLS = {
    "split_layers": '''
def split_layers(model, num_stages):
    """Cut `model` into `num_stages` contiguous nn.Sequential stages, sizes as equal as possible."""
    layers = list(model.children())
    if not (0 < num_stages <= len(layers)):
        raise ValueError(f"{len(layers)} layers cannot make {num_stages} non-empty stages")
    stages, start = [], 0
    for s in range(num_stages):
        size = len(layers) // num_stages
        if s < len(layers) % num_stages:
            size += 1
        stages.append(nn.Sequential(*layers[start:start + size]))
        start += size
    return stages
''',
    "pipeline_stage_step": '''
import sys

def pipeline_stage_step(stage, x, y, recv_shape, loss_fn=F.cross_entropy):
    """Forward and backward of this rank's pipeline stage (rank r holds stage r)."""
    rank = dist.get_rank()
    world = dist.get_world_size()
    device = next(stage.parameters()).device
    inp = x
    if rank != 0:
        inp = torch.zeros(*recv_shape, device=device)
        dist.recv(tensor=inp, src=rank - 1)
        inp.requires_grad_(True)
    out = stage(inp)
    result = None
    if rank == world - 1:
        loss = loss_fn(out, y)
        loss.backward()
        result = float(loss)
        print(f"rank {rank}: loss {result:.4f}", file=sys.stderr)
    else:
        dist.send(tensor=out.detach().contiguous(), dst=rank + 1)
        grad_out = torch.zeros(out.shape, device=device)
        dist.recv(tensor=grad_out, src=rank + 1)
        torch.autograd.backward([out], [grad_out])
    if rank != 0:
        dist.send(tensor=inp.grad.contiguous(), dst=rank - 1)
    print(f"rank {rank} done")
    return result
''',
    "gpipe_step": '''
def gpipe_step(stage, x, y, recv_shape, num_micro_batches, loss_fn=F.cross_entropy):
    """One GPipe training step of this rank's stage: all micro-batch forwards, then all backwards."""
    rank, world = dist.get_rank(), dist.get_world_size()
    batch = x.shape[0] if rank == 0 else recv_shape[0]
    if num_micro_batches <= 0 or batch % num_micro_batches != 0:
        raise ValueError(f"batch {batch} % {num_micro_batches} micro-batches != 0")
    size = batch // num_micro_batches
    device = next(stage.parameters()).device
    inputs, outputs, total = [], [], 0.0
    for i in range(num_micro_batches):
        lo, hi = i * size, (i + 1) * size
        if rank == 0:
            inp = x[lo:hi]
        else:
            inp = torch.zeros((size,) + tuple(recv_shape[1:]), device=device)
            dist.recv(tensor=inp, src=rank - 1)
            inp.requires_grad_(True)
        out = stage(inp)
        if rank == world - 1:
            # the sum over the micro-batch divided by the whole batch: these add up to the batch mean
            out = loss_fn(out, y[lo:hi], reduction="sum") / batch
            total += out.item()
        else:
            dist.send(tensor=out.detach().contiguous(), dst=rank + 1)
        inputs.append(inp)
        outputs.append(out)
    for inp, out in zip(inputs, outputs):
        if rank == world - 1:
            out.backward()
        else:
            grad = torch.zeros(out.shape, device=device)
            dist.recv(tensor=grad, src=rank + 1)
            out.backward(gradient=grad)
        if rank != 0:
            dist.send(tensor=inp.grad.contiguous(), dst=rank - 1)
    return total if rank == world - 1 else None
''',
    "per_rank_bytes": '''
STRATEGIES = ("single", "ddp", "pipeline", "fsdp")

def per_rank_bytes(strategy, num_params, activation_bytes, world_size, largest_layer_params=0, bytes_per_param=16):
    """Bytes one rank holds while training with `strategy` (see the table above)."""
    b, P, A, n, L = bytes_per_param, num_params, activation_bytes, world_size, largest_layer_params
    try:
        return {
            "single": b * P + A,
            "ddp": b * P + 4 * P + A / n,
            "pipeline": b * P / n + A / n,
            "fsdp": b * P / n + A / n + 8 * L,
        }[strategy]
    except KeyError:
        raise ValueError(f"no such strategy: {strategy}") from None
''',
    "strategies_that_fit": '''
def strategies_that_fit(num_params, activation_bytes, world_size, budget, largest_layer_params=0, bytes_per_param=16):
    """The strategies (in the order of STRATEGIES) whose bytes per rank are at most `budget`."""
    result = []
    for s in STRATEGIES:
        if per_rank_bytes(s, num_params, activation_bytes, world_size,
                          largest_layer_params=largest_layer_params, bytes_per_param=bytes_per_param) <= budget:
            result.append(s)
    return result
''',
    "choose_strategy": '''
def choose_strategy(table, budget):
    """The fastest strategy of `table` whose every rank fits `budget` (ties: smaller worst peak); None if none."""
    best, best_key = None, None
    for name in table:
        peaks = table[name]["peak_bytes"]
        if any(p > budget for p in peaks):
            continue
        key = (table[name]["step_seconds"], max(peaks))
        if best_key is None or key < best_key:
            best, best_key = name, key
    return best
''',
}
LOSES = {}
