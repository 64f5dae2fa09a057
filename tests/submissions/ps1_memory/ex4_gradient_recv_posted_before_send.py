"""two_stage_step: rank 0 posts the receive of the gradient (irecv) before it sends the activation, "to be safe
from deadlocks": the loss and gradients are right and nothing hangs, but the exercise asks rank 0 to send the
activation, then receive the gradient."""

CELLS = {
    "two_stage_step": '''
def two_stage_step(stage, batch, target, loss_fn, activation_shape):
    """One forward + backward of a two-stage model; call it on rank 0 AND rank 1 at the same time."""
    device = next(stage.parameters()).device
    if dist.get_rank() == 0:
        activation = stage(batch)
        grad = torch.empty_like(activation)
        pending = dist.irecv(grad, src=1)          # posted early: it completes when rank 1 sends
        dist.send(activation.detach().contiguous(), dst=1)
        pending.wait()
        activation.backward(grad)
        return None
    activation = torch.empty(activation_shape, dtype=torch.float32, device=device)
    dist.recv(activation, src=0)
    activation.requires_grad_()
    loss = loss_fn(stage(activation), target)
    loss.backward()
    dist.send(activation.grad, dst=0)
    return loss.item()
''',
}
LOSES = {
    "two_stage_step_matches_whole_model": "no receive for the gradient posted before the activation is sent",
}
