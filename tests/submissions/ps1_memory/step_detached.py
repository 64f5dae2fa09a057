"""Rank 0 detaches stage 0's output before keeping it, so backward on rank 0 has no graph to follow."""

CELLS = {
    "two_stage_step": '''
def two_stage_step(stage, batch, target, loss_fn, activation_shape):
    device = next(stage.parameters()).device
    if dist.get_rank() == 0:
        out = stage(batch).detach()
        dist.send(out, dst=1)
        grad = torch.empty_like(out)
        dist.recv(grad, src=1)
        out.backward(grad)
        return None
    act = torch.empty(activation_shape, device=device).requires_grad_()
    dist.recv(act.data, src=0)
    loss = loss_fn(stage(act), target)
    loss.backward()
    dist.send(act.grad, dst=0)
    return loss.item()
''',
}
LOSES = {
    "two_stage_step_matches_whole_model": "detached",
}
