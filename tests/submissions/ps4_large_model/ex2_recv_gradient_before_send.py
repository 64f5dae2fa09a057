"""Every non-last rank waits for the gradient before sending its activation: both ranks recv first and deadlock."""

CELLS = {
    "pipeline_stage_step": '''
def pipeline_stage_step(stage, x, y, recv_shape, loss_fn=F.cross_entropy):
    rank, world = dist.get_rank(), dist.get_world_size()
    if rank == 0:
        inp = x
    else:
        inp = torch.empty(recv_shape)
        dist.recv(inp, src=rank - 1)
        inp.requires_grad_()
    out = stage(inp)
    if rank == world - 1:
        loss = loss_fn(out, y)
        loss.backward()
    else:
        grad = torch.empty_like(out)
        dist.recv(grad, src=rank + 1)         # waits for a gradient the next rank cannot compute yet
        dist.send(out.detach(), dst=rank + 1)
        out.backward(grad)
    if rank > 0:
        dist.send(inp.grad, dst=rank - 1)
    return loss.item() if rank == world - 1 else None
''',
}
LOSES = {
    "pipeline_stage_step_matches_unsplit": "send/recv",
}
