"""Received activations never get requires_grad_(): no gradient flows back, and zeros are sent instead."""

CELLS = {
    "pipeline_stage_step": '''
def pipeline_stage_step(stage, x, y, recv_shape, loss_fn=F.cross_entropy):
    rank, world = dist.get_rank(), dist.get_world_size()
    if rank == 0:
        inp = x
    else:
        inp = torch.zeros(recv_shape)
        dist.recv(inp, src=rank - 1)          # the received activation is a leaf without requires_grad
    out = stage(inp)
    if rank == world - 1:
        loss = loss_fn(out, y)
        loss.backward()
    else:
        dist.send(out.detach(), dst=rank + 1)
        grad = torch.zeros_like(out)
        dist.recv(grad, src=rank + 1)
        out.backward(grad)
    if rank > 0:
        # inp.grad is None here; send zeros so that the previous rank is not left waiting
        dist.send(inp.grad if inp.grad is not None else torch.zeros(recv_shape), dst=rank - 1)
    return loss.item() if rank == world - 1 else None
''',
}
LOSES = {
    "pipeline_stage_step_matches_unsplit": "no gradient reached stage 0",
}
