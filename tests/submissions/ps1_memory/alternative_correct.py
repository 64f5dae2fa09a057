"""A correct submission written differently from ours: state_dict walk, a bytes table, binary search
with a feasibility test, list-built stages, non-blocking isend/irecv returning a 0-d tensor loss,
quiz answers in capitals with spaces."""

CELLS = {
    "training_memory": '''
def training_memory(model, optimizer):
    seen, weights, gradients = set(), 0, 0
    for module in model.modules():
        for p in module.parameters(recurse=False):
            if id(p) in seen:
                continue
            seen.add(id(p))
            weights += p.untyped_storage().nbytes() if p.storage_offset() == 0 and p.is_contiguous() else p.numel() * p.element_size()
            if p.grad is not None:
                gradients += p.grad.nelement() * p.grad.element_size()
    state = 0
    for per_param in optimizer.state_dict()["state"].values():
        for value in per_param.values():
            if isinstance(value, torch.Tensor):
                state += value.nelement() * value.element_size()
    return dict(weights=weights, gradients=gradients, optimizer_state=state, total=weights + gradients + state)
''',
    "per_device_memory": '''
STRATEGIES = ("ddp", "pipeline", "zero1", "zero2", "zero3", "fsdp")


def per_device_memory(num_params, num_devices, strategy, weight_bytes=2, grad_bytes=2, state_bytes=12):
    if strategy not in STRATEGIES:
        raise ValueError(f"strategy must be one of {STRATEGIES}, not {strategy!r}")
    if num_devices != int(num_devices) or num_devices <= 0:
        raise ValueError(f"num_devices={num_devices} is not a positive whole number")
    if num_params < 0:
        raise ValueError("num_params must not be negative")
    num_devices = int(num_devices)
    shard = math.ceil(num_params / num_devices) if num_params < 2**52 else -(-num_params // num_devices)
    # how many of (weights, gradients, state) are sharded: 0, 1 (state), 2 (grads too) or 3
    level = {"ddp": 0, "zero1": 1, "zero2": 2, "zero3": 3, "fsdp": 3, "pipeline": 3}[strategy]
    w = weight_bytes * (shard if level >= 3 else num_params)
    g = grad_bytes * (shard if level >= 2 else num_params)
    s = state_bytes * (shard if level >= 1 else num_params)
    return {"weights": w, "gradients": g, "optimizer_state": s, "total": w + g + s}
''',
    "partition_layers": '''
def partition_layers(costs, k):
    costs = list(costs)
    n = len(costs)
    if not (isinstance(k, int) and 1 <= k <= n):
        raise ValueError(f"k={k} stages cannot be made from {n} layers")

    def cuts_needed(limit):
        stages, load = 1, 0
        for c in costs:
            if load + c > limit:
                stages, load = stages + 1, c
            else:
                load += c
        return stages

    # candidate answers are sums of contiguous runs: search them in sorted order
    candidates = sorted({sum(costs[a:b]) for a in range(n) for b in range(a + 1, n + 1) if sum(costs[a:b]) >= max(costs)})
    lo, hi = 0, len(candidates) - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if cuts_needed(candidates[mid]) <= k:
            hi = mid
        else:
            lo = mid + 1
    limit = candidates[lo]
    # build from the back, leaving at least one layer for each earlier stage
    stages, current, load = [], [], 0
    for i in range(n - 1, -1, -1):
        stages_left = k - len(stages)
        if current and (load + costs[i] > limit or i + 1 < stages_left):
            stages.append(current[::-1])
            current, load = [], 0
        current.append(i)
        load += costs[i]
    stages.append(current[::-1])
    return stages[::-1]
''',
    "split_model": '''
def split_model(model, cut):
    layers = list(model.children())
    if cut <= 0 or cut >= len(layers):
        raise ValueError(f"cut must be between 1 and {len(layers) - 1}")
    return nn.Sequential(*layers[:cut]), nn.Sequential(*layers[cut:])
''',
    "two_stage_step": '''
def two_stage_step(stage, batch, target, loss_fn, activation_shape):
    device = next(stage.parameters()).device
    rank = dist.get_rank()
    if rank == 0:
        y = stage(batch)
        dist.isend(y.detach().clone(), 1).wait()
        g = torch.empty(y.shape, dtype=y.dtype, device=device)
        dist.irecv(g, 0 if False else 1).wait()
        torch.autograd.backward(y, grad_tensors=g)
        return None
    a = torch.empty(*activation_shape, device=device)
    dist.irecv(a, 0).wait()
    a = a.requires_grad_(True)
    out = stage(a)
    loss = loss_fn(out, target)
    (grad_a,) = torch.autograd.grad(loss, [a], retain_graph=True)
    loss.backward()
    dist.isend(grad_a, 0).wait()
    return loss.detach()
''',
    "quiz_q1": 'q1 = "B "',
    "quiz_q2": "q2 = 'C'",
    "quiz_q3": 'q3 = "b"',
    "quiz_q4": 'q4 = "D"',
    "quiz_q5": 'q5 = " c"',
}
LOSES = {}
