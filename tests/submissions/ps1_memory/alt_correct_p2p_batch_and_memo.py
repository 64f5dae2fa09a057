"""A correct submission in another style: Tensor.nbytes with data_ptr de-duplication, a TypeError for a
fractional device count (the text accepts it), a memoised recursion for the partition, list-built
stages, P2POp batches (batch_isend_irecv) for the two-stage step, and chatter on stderr."""

CELLS = {
    "training_memory": '''
import sys


def training_memory(model, optimizer):
    unique = {p.data_ptr(): p for p in model.parameters()}
    weights = sum(p.nbytes for p in unique.values())
    gradients = sum(p.grad.nbytes for p in unique.values() if p.grad is not None)
    state = 0
    for param_state in optimizer.state.values():
        state += sum(v.nbytes for v in param_state.values() if torch.is_tensor(v))
    print(f"[training_memory] {len(unique)} parameter tensors", file=sys.stderr)
    return {"weights": weights, "gradients": gradients, "optimizer_state": state, "total": weights + gradients + state}
''',
    "per_device_memory": '''
import warnings

STRATEGIES = ("ddp", "pipeline", "zero1", "zero2", "zero3", "fsdp")


def per_device_memory(num_params, num_devices, strategy, weight_bytes=2, grad_bytes=2, state_bytes=12):
    if not isinstance(num_devices, int):
        raise TypeError(f"num_devices must be an int, not {type(num_devices).__name__}")
    if num_devices <= 0:
        raise ValueError(f"need at least one device, got num_devices={num_devices}")
    if num_params < 0:
        raise ValueError("a model cannot have a negative number of parameters")
    if strategy not in STRATEGIES:
        raise ValueError(f"{strategy!r} is not a strategy I know")
    if num_devices == 1:
        warnings.warn("one device: every strategy holds everything")
    shard = math.ceil(num_params / num_devices) if num_params < 2**50 else -(-num_params // num_devices)
    splits = {"ddp": "", "pipeline": "wgs", "zero1": "s", "zero2": "gs", "zero3": "wgs", "fsdp": "wgs"}[strategy]
    w = weight_bytes * (shard if "w" in splits else num_params)
    g = grad_bytes * (shard if "g" in splits else num_params)
    s = state_bytes * (shard if "s" in splits else num_params)
    return {"weights": w, "gradients": g, "optimizer_state": s, "total": w + g + s}
''',
    "partition_layers": '''
import functools


def partition_layers(costs, k):
    n = len(costs)
    if k < 1 or k > n:
        raise ValueError(f"{k} stages cannot be cut from {n} layers")
    prefix = list(itertools.accumulate(costs, initial=0))

    @functools.lru_cache(maxsize=None)
    def best(start, stages):
        """(largest stage, first cut) for layers [start, n) in `stages` stages."""
        if stages == 1:
            return prefix[n] - prefix[start], n
        options = []
        for end in range(start + 1, n - stages + 2):
            rest, _ = best(end, stages - 1)
            options.append((max(prefix[end] - prefix[start], rest), end))
        return min(options)

    stages, start = [], 0
    for left in range(k, 0, -1):
        _, end = best(start, left)
        stages.append(list(range(start, end)))
        start = end
    return stages
''',
    "split_model": '''
def split_model(model, cut):
    layers = list(model)
    if not 0 < cut < len(layers):
        raise ValueError(f"cut={cut}: both stages need at least one of the {len(layers)} layers")
    return nn.Sequential(*layers[:cut]), nn.Sequential(*layers[cut:])
''',
    "two_stage_step": '''
def two_stage_step(stage, batch, target, loss_fn, activation_shape):
    rank = dist.get_rank()
    device = next(stage.parameters()).device
    if rank == 0:
        out = stage(batch)
        grad = torch.empty_like(out)
        for work in dist.batch_isend_irecv([dist.P2POp(dist.isend, out.detach(), 1)]):
            work.wait()
        for work in dist.batch_isend_irecv([dist.P2POp(dist.irecv, grad, 1)]):
            work.wait()
        out.backward(grad)
        return None
    act = torch.empty(activation_shape, dtype=torch.float32, device=device)
    for work in dist.batch_isend_irecv([dist.P2POp(dist.irecv, act, 0)]):
        work.wait()
    act.requires_grad_()
    loss = loss_fn(stage(act), target)
    loss.backward()
    for work in dist.batch_isend_irecv([dist.P2POp(dist.isend, act.grad, 0)]):
        work.wait()
    return float(loss)
''',
}
LOSES = {}
