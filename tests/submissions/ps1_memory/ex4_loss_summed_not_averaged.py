"""Communicates exactly as asked and gets every gradient right, but returns the loss summed over the batch's
elements (the MSE times their number) instead of the loss loss_fn computed: rank 1's loss is too large."""

CELLS = {
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
    loss.backward()
    dist.send(act.grad, dst=0)
    return loss.item() * target.numel()
''',
}
LOSES = {
    "two_stage_step_matches_whole_model": "the loss on rank 1 is",
}
