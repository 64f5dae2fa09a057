"""Uses the default 2/2/12 bytes whatever the call passes and raises a bare ValueError with no message;
cuts the layers into stages of equal length; returns the loss on both ranks (0.0 on rank 0)."""

CELLS = {
    "per_device_memory": '''
STRATEGIES = ("ddp", "pipeline", "zero1", "zero2", "zero3", "fsdp")


def per_device_memory(num_params, num_devices, strategy, weight_bytes=2, grad_bytes=2, state_bytes=12):
    if strategy not in STRATEGIES or not isinstance(num_devices, int) or num_devices < 1 or num_params < 0:
        raise ValueError
    shard = -(-num_params // num_devices)
    sharded = {"ddp": 0, "zero1": 1, "zero2": 2, "zero3": 3, "fsdp": 3, "pipeline": 3}[strategy]
    w = 2 * (shard if sharded >= 3 else num_params)      # fp16 weights
    g = 2 * (shard if sharded >= 2 else num_params)      # fp16 gradients
    s = 12 * (shard if sharded >= 1 else num_params)     # fp32 master, momentum, variance
    return {"weights": w, "gradients": g, "optimizer_state": s, "total": w + g + s}
''',
    "partition_layers": '''
def partition_layers(costs, k):
    n = len(costs)
    if k < 1 or k > n:
        raise ValueError(f"cannot make {k} stages from {n} layers")
    size, extra = divmod(n, k)
    stages, start = [], 0
    for s in range(k):
        end = start + size + (1 if s < extra else 0)
        stages.append(list(range(start, end)))
        start = end
    return stages
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
        return 0.0        # rank 0 has no loss of its own
    act = torch.empty(activation_shape, device=device)
    dist.recv(act, src=0)
    act.requires_grad_()
    loss = loss_fn(stage(act), target)
    loss.backward()
    dist.send(act.grad, dst=0)
    return loss.item()
''',
}
LOSES = {
    "per_device_memory_formulas": "default bytes per parameter",
    "per_device_memory_bad_input": "empty message",
    "partition_layers_optimal": "same number of layers",
    "two_stage_step_matches_whole_model": "must return None",
}
