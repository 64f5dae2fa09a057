"""Rank 1 receives the activation into a plain buffer without requires_grad_(): its .grad stays None."""

CELLS = {
    "two_stage_step": '''
def two_stage_step(stage, batch, target, loss_fn, activation_shape):
    device = next(stage.parameters()).device
    if dist.get_rank() == 0:
        out = stage(batch)
        dist.send(out.detach(), dst=1)
        grad = torch.zeros_like(out)
        dist.recv(grad, src=1)
        out.backward(grad)
        return None
    act = torch.zeros(activation_shape, device=device)
    dist.recv(act, src=0)
    loss = loss_fn(stage(act), target)
    loss.backward()
    dist.send(act.grad, dst=0)
    return loss.item()
''',
}
LOSES = {
    "two_stage_step_matches_whole_model": "requires_grad_()",
}
