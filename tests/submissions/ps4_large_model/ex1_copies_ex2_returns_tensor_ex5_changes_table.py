"""Deep-copies each stage "to be safe", returns the loss tensor from the last rank, and deletes the
strategies that do not fit from the caller's table."""

CELLS = {
    "split_layers": '''
def split_layers(model, num_stages):
    if not 1 <= num_stages <= len(model):
        raise ValueError(f"cannot split {len(model)} layers into {num_stages} stages")
    base, extra = divmod(len(model), num_stages)
    stages, start = [], 0
    for s in range(num_stages):
        end = start + base + (1 if s < extra else 0)
        stages.append(copy.deepcopy(model[start:end]))     # a private copy for each rank
        start = end
    return stages
''',
    "pipeline_stage_step": '''
def pipeline_stage_step(stage, x, y, recv_shape, loss_fn=F.cross_entropy):
    rank, world = dist.get_rank(), dist.get_world_size()
    device = next(stage.parameters()).device
    if rank == 0:
        inp = x
    else:
        inp = torch.empty(recv_shape, device=device)
        dist.recv(inp, src=rank - 1)
        inp.requires_grad_()
    out = stage(inp)
    loss = None
    if rank == world - 1:
        loss = loss_fn(out, y)
        loss.backward()
    else:
        dist.send(out.detach().contiguous(), dst=rank + 1)
        grad = torch.empty_like(out)
        dist.recv(grad, src=rank + 1)
        out.backward(grad)
    if rank > 0:
        dist.send(inp.grad, dst=rank - 1)
    return loss
''',
    "choose_strategy": '''
def choose_strategy(table, budget):
    for name in list(table):
        if max(table[name]["peak_bytes"]) > budget:
            del table[name]                                  # drop what does not fit
    if not table:
        return None
    return min(table, key=lambda name: (table[name]["step_seconds"], max(table[name]["peak_bytes"])))
''',
}
LOSES = {
    "split_layers_complete_contiguous": "copies of the layers",
    "pipeline_stage_step_matches_unsplit": "rank 1 the loss as a float",
    "choose_strategy_worst_rank": "do not modify the table",
}
