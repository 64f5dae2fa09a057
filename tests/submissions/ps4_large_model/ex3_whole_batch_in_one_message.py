"""GPipe in name only: the whole batch goes through the stages as one message (gradients right, no overlap)."""

CELLS = {
    "gpipe_step": '''
def gpipe_step(stage, x, y, recv_shape, num_micro_batches, loss_fn=F.cross_entropy):
    rank, world = dist.get_rank(), dist.get_world_size()
    if recv_shape[0] % num_micro_batches or (rank == 0 and len(x) % num_micro_batches):
        raise ValueError("batch does not split into equal micro-batches")
    # the micro-batch losses average to the full-batch loss, so run the full batch at once
    inp = x if rank == 0 else torch.empty(recv_shape)
    if rank > 0:
        dist.recv(inp, src=rank - 1)
        inp.requires_grad_()
    out = stage(inp)
    if rank == world - 1:
        loss = loss_fn(out, y)
        loss.backward()
    else:
        dist.send(out.detach(), dst=rank + 1)
        grad = torch.empty_like(out)
        dist.recv(grad, src=rank + 1)
        out.backward(grad)
    if rank > 0:
        dist.send(inp.grad, dst=rank - 1)
    return loss.item() if rank == world - 1 else None
''',
}
LOSES = {
    "gpipe_step_sends_per_micro_batch": "micro-batch",
}
