"""Leaves the optimizer state out of the total, and in two_stage_step rank 1 computes the loss and its
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
    "training_memory_counts_tensors": "weights + gradients + optimizer_state",
    "two_stage_step_matches_whole_model": "never sent",
}
