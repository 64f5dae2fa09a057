"""GPipe that sums the micro-batch mean losses without dividing by the number of micro-batches."""

CELLS = {
    "gpipe_step": '''
def gpipe_step(stage, x, y, recv_shape, num_micro_batches, loss_fn=F.cross_entropy):
    rank, world = dist.get_rank(), dist.get_world_size()
    m = num_micro_batches
    batch = len(x) if rank == 0 else recv_shape[0]
    if batch % m:
        raise ValueError("batch does not split")
    size = batch // m
    xs = x.split(size) if rank == 0 else None
    ys = y.split(size) if rank == world - 1 else None
    saved, losses = [], []
    for i in range(m):
        if rank == 0:
            inp = xs[i]
        else:
            inp = torch.empty(size, *recv_shape[1:])
            dist.recv(inp, src=rank - 1)
            inp.requires_grad_()
        out = stage(inp)
        if rank == world - 1:
            out = loss_fn(out, ys[i])          # each micro-batch's mean loss, not scaled
            losses.append(out.item())
        else:
            dist.send(out.detach(), dst=rank + 1)
        saved.append((inp, out))
    for inp, out in saved:
        if rank == world - 1:
            out.backward()
        else:
            grad = torch.empty_like(out)
            dist.recv(grad, src=rank + 1)
            out.backward(grad)
        if rank > 0:
            dist.send(inp.grad, dst=rank - 1)
    return sum(losses) / m if rank == world - 1 else None
''',
}
LOSES = {
    "gpipe_step_matches_full_batch": "scale each micro-batch loss",
}
