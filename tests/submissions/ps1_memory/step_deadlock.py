"""Rank 0 waits for the gradient before it has sent the activation: both ranks wait forever (deadlock)."""

CELLS = {
    "two_stage_step": '''
def two_stage_step(stage, batch, target, loss_fn, activation_shape):
    device = next(stage.parameters()).device
    if dist.get_rank() == 0:
        out = stage(batch)
        grad = torch.empty_like(out)
        dist.recv(grad, src=1)          # waits for rank 1...
        dist.send(out.detach(), dst=1)  # ...which waits for this
        out.backward(grad)
        return None
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
    "two_stage_step_matches_whole_model": "must send the activation BEFORE",
}
