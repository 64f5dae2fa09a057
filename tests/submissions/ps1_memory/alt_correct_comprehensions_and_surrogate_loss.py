"""A correct submission written with comprehensions: id()-based de-duplication, an AssertionError-free
validation with numbers.Integral, a bisect over the sorted stage sums, and rank 0's backward through
the surrogate loss (out * grad).sum(); warnings from inside the ranks."""

CELLS = {
    "training_memory": '''
def training_memory(model, optimizer):
    params = list({id(p): p for p in model.parameters()}.values())
    size = lambda t: t.numel() * t.element_size()
    weights = sum(size(p) for p in params)
    gradients = sum(size(p.grad) for p in params if p.grad is not None)
    optimizer_state = sum(size(v) for s in optimizer.state.values() for v in s.values() if torch.is_tensor(v) and v.dim() > 0)
    return dict(weights=weights, gradients=gradients, optimizer_state=optimizer_state,
                total=sum([weights, gradients, optimizer_state]))
''',
    "per_device_memory": '''
import numbers

STRATEGIES = ("ddp", "pipeline", "zero1", "zero2", "zero3", "fsdp")
SHARDED = {"ddp": set(), "zero1": {"optimizer_state"}, "zero2": {"gradients", "optimizer_state"},
           "zero3": {"weights", "gradients", "optimizer_state"}, "fsdp": {"weights", "gradients", "optimizer_state"},
           "pipeline": {"weights", "gradients", "optimizer_state"}}


def per_device_memory(num_params, num_devices, strategy, weight_bytes=2, grad_bytes=2, state_bytes=12):
    problems = []
    if strategy not in SHARDED:
        problems.append(f"unknown strategy {strategy!r}")
    if not isinstance(num_devices, numbers.Integral) or isinstance(num_devices, bool) or num_devices < 1:
        problems.append(f"num_devices={num_devices!r} is not a positive integer")
    if num_params < 0:
        problems.append(f"num_params={num_params} is negative")
    if problems:
        raise ValueError("; ".join(problems))
    per_param = {"weights": weight_bytes, "gradients": grad_bytes, "optimizer_state": state_bytes}
    shard = -(-num_params // num_devices)
    out = {name: nbytes * (shard if name in SHARDED[strategy] else num_params) for name, nbytes in per_param.items()}
    return {**out, "total": sum(out.values())}
''',
    "partition_layers": '''
import bisect


def partition_layers(costs, k):
    n = len(costs)
    if k < 1 or k > n:
        raise ValueError(f"k={k}, but there are {n} layers")
    candidates = sorted({sum(costs[a:b]) for a in range(n) for b in range(a + 1, n + 1)})

    def pack(limit):
        """Stages from the back, each as full as `limit` allows, leaving a layer for every earlier stage."""
        stages, current, load = [], [], 0
        for i in reversed(range(n)):
            if current and (load + costs[i] > limit or i < k - 1 - len(stages)):
                stages.insert(0, current)
                current, load = [], 0
            current.insert(0, i)
            load += costs[i]
        stages.insert(0, current)
        return stages

    def fits(limit):
        return max(costs) <= limit and len(pack(limit)) <= k

    lo = bisect.bisect_left(candidates, max(costs))
    hi = len(candidates) - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if fits(candidates[mid]):
            hi = mid
        else:
            lo = mid + 1
    return pack(candidates[lo])
''',
    "two_stage_step": '''
import warnings


def two_stage_step(stage, batch, target, loss_fn, activation_shape):
    device = next(stage.parameters()).device
    if dist.get_rank() == 0:
        out = stage(batch)
        dist.send(out.detach(), 1)
        grad = torch.empty(out.shape, dtype=out.dtype, device=device)
        dist.recv(grad, 1)
        (out * grad).sum().backward()          # d/d(params) of sum(out * g) = g backpropagated
        return None
    act = torch.empty(activation_shape, device=device)
    dist.recv(act, 0)
    act.requires_grad_()
    loss = loss_fn(stage(act), target)
    loss.backward()
    warnings.warn(f"rank 1 loss {loss.item():.4f}")
    dist.send(act.grad, 0)
    return loss.item()
''',
}
LOSES = {}
