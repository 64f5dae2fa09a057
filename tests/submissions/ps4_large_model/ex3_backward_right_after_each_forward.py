"""gpipe_step as gradient accumulation: each micro-batch's backward runs right after its forward (the
gradients, losses and message counts are all right, but the exercise asks for all forwards, then all
backwards: nothing overlaps). Loses the method cell only."""

CELLS = {
    "gpipe_step": '''
def gpipe_step(stage, x, y, recv_shape, num_micro_batches, loss_fn=F.cross_entropy):
    rank, world = dist.get_rank(), dist.get_world_size()
    m = num_micro_batches
    batch = len(x) if rank == 0 else recv_shape[0]
    if m < 1 or batch % m:
        raise ValueError(f"{batch} samples do not split into {m} micro-batches")
    size = batch // m
    device = next(stage.parameters()).device
    total = 0.0
    for i in range(m):
        if rank == 0:
            inp = x[i * size:(i + 1) * size]
        else:
            inp = torch.empty((size, *recv_shape[1:]), device=device)
            dist.recv(inp, src=rank - 1)
            inp.requires_grad_()
        out = stage(inp)
        if rank == world - 1:
            loss = loss_fn(out, y[i * size:(i + 1) * size]) / m
            total += loss.item()
            loss.backward()
        else:
            dist.send(out.detach().contiguous(), dst=rank + 1)
            grad = torch.empty_like(out)
            dist.recv(grad, src=rank + 1)
            out.backward(grad)
        if rank > 0:
            dist.send(inp.grad, dst=rank - 1)
    return total if rank == world - 1 else None
''',
}
LOSES = {
    "gpipe_step_sends_per_micro_batch": "all forwards, micro-batch by micro-batch, then all backwards",
}
