"""Leaves the optimizer state out of training_memory's total and the gradients out of per_device_memory's
total, and in two_stage_step rank 1 computes the loss and its
backward but never sends the activation's gradient back while rank 0 waits for it: rank 1 returns,
rank 0 waits forever."""

CELLS = {
    "training_memory": '''
def training_memory(model, optimizer):
    size = lambda t: t.numel() * t.element_size()
    weights = sum(size(p) for p in model.parameters())
    gradients = sum(size(p.grad) for p in model.parameters() if p.grad is not None)
    state = sum(size(v) for s in optimizer.state.values() for v in s.values() if torch.is_tensor(v))
    return {"weights": weights, "gradients": gradients, "optimizer_state": state, "total": weights + gradients}
''',
    "per_device_memory": '''
STRATEGIES = ("ddp", "pipeline", "zero1", "zero2", "zero3", "fsdp")


def per_device_memory(num_params, num_devices, strategy, weight_bytes=2, grad_bytes=2, state_bytes=12):
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}")
    if not isinstance(num_devices, int) or num_devices < 1:
        raise ValueError(f"num_devices must be a positive int, got {num_devices!r}")
    if num_params < 0:
        raise ValueError(f"num_params must be >= 0, got {num_params}")
    shard = -(-num_params // num_devices)
    sharded = {"ddp": "", "pipeline": "wgs", "zero1": "s", "zero2": "gs", "zero3": "wgs", "fsdp": "wgs"}[strategy]
    w = weight_bytes * (shard if "w" in sharded else num_params)
    g = grad_bytes * (shard if "g" in sharded else num_params)
    s = state_bytes * (shard if "s" in sharded else num_params)
    return {"weights": w, "gradients": g, "optimizer_state": s, "total": w + s}   # the model and its optimizer
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
    act = torch.empty(activation_shape, device=device).requires_grad_()
    with torch.no_grad():
        dist.recv(act, src=0)
    loss = loss_fn(stage(act), target)
    loss.backward()
    return loss.item()
''',
}
LOSES = {
    "per_device_memory_formulas": "not the sum of the three",
    "training_memory_counts_tensors": "weights + gradients + optimizer_state",
    "two_stage_step_matches_whole_model": "never sent",
}
