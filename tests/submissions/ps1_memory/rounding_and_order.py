"""Rounds the shard down (num_params // num_devices), binary-searches the largest stage over whole
numbers although costs can be fractional, and on rank 1 sends the activation's .grad before calling
loss.backward()."""

CELLS = {
    "per_device_memory": '''
STRATEGIES = ("ddp", "pipeline", "zero1", "zero2", "zero3", "fsdp")


def per_device_memory(num_params, num_devices, strategy, weight_bytes=2, grad_bytes=2, state_bytes=12):
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy}")
    if not isinstance(num_devices, int) or num_devices < 1:
        raise ValueError("num_devices must be a positive int")
    if num_params < 0:
        raise ValueError("num_params must be >= 0")
    shard = num_params // num_devices
    sharded = {"ddp": "", "pipeline": "wgs", "zero1": "s", "zero2": "gs", "zero3": "wgs", "fsdp": "wgs"}[strategy]
    w = weight_bytes * (shard if "w" in sharded else num_params)
    g = grad_bytes * (shard if "g" in sharded else num_params)
    s = state_bytes * (shard if "s" in sharded else num_params)
    return {"weights": w, "gradients": g, "optimizer_state": s, "total": w + g + s}
''',
    "partition_layers": '''
def partition_layers(costs, k):
    n = len(costs)
    if k < 1 or k > n:
        raise ValueError("need 1 <= k <= number of layers")

    def pack(limit):
        stages, current, load = [], [], 0
        for i in reversed(range(n)):
            if current and (load + costs[i] > limit or i < k - 1 - len(stages)):
                stages.insert(0, current)
                current, load = [], 0
            current.insert(0, i)
            load += costs[i]
        stages.insert(0, current)
        return stages

    lo, hi = int(max(costs)), math.ceil(sum(costs))
    while lo < hi:
        mid = (lo + hi) // 2
        if max(costs) <= mid and len(pack(mid)) <= k:
            hi = mid
        else:
            lo = mid + 1
    return pack(lo)
''',
    "two_stage_step": '''
def two_stage_step(stage, batch, target, loss_fn, activation_shape):
    device = next(stage.parameters()).device
    if dist.get_rank() == 0:
        out = stage(batch)
        dist.send(out.detach(), dst=1)
        grad = torch.empty_like(out)
        dist.recv(grad, src=1)
        out.backward(grad)
        return None
    act = torch.empty(activation_shape, device=device)
    dist.recv(act, src=0)
    act.requires_grad_()
    loss = loss_fn(stage(act), target)
    dist.send(act.grad, dst=0)   # send the gradient back...
    loss.backward()              # ...then finish the backward pass here
    return loss.item()
''',
}
LOSES = {
    "per_device_memory_formulas": "rounded the shard down",
    "partition_layers_optimal": "integer limits",
    "two_stage_step_matches_whole_model": "call loss.backward() first",
}
