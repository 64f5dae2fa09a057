"""Returns each stage as a plain list of layers, returns the last micro-batch's loss instead of the
batch's, and always counts 16 bytes per parameter (Adam in fp32) whatever bytes_per_param says.
The solution's strategies_that_fit, built on this per_rank_bytes, keeps its points: one mistake, one cell."""

CELLS = {
    "split_layers": '''
def split_layers(model, num_stages):
    if not 1 <= num_stages <= len(model):
        raise ValueError(f"cannot split {len(model)} layers into {num_stages} stages")
    layers = list(model)
    base, extra = divmod(len(layers), num_stages)
    stages, start = [], 0
    for s in range(num_stages):
        end = start + base + (1 if s < extra else 0)
        stages.append(layers[start:end])
        start = end
    return stages
''',
    "gpipe_step": '''
def gpipe_step(stage, x, y, recv_shape, num_micro_batches, loss_fn=F.cross_entropy):
    rank, world = dist.get_rank(), dist.get_world_size()
    m = num_micro_batches
    batch = len(x) if rank == 0 else recv_shape[0]
    if batch % m:
        raise ValueError(f"a batch of {batch} does not split into {m} equal micro-batches")
    size = batch // m
    device = next(stage.parameters()).device
    xs = x.split(size) if rank == 0 else None
    ys = y.split(size) if rank == world - 1 else None
    inputs, outputs = [], []
    for i in range(m):
        if rank == 0:
            inp = xs[i]
        else:
            inp = torch.empty((size, *recv_shape[1:]), device=device)
            dist.recv(inp, src=rank - 1)
            inp.requires_grad_()
        out = stage(inp)
        if rank == world - 1:
            out = loss_fn(out, ys[i]) / m
        else:
            dist.send(out.detach().contiguous(), dst=rank + 1)
        inputs.append(inp)
        outputs.append(out)
    for i in range(m):
        if rank == world - 1:
            outputs[i].backward()
        else:
            grad = torch.empty_like(outputs[i])
            dist.recv(grad, src=rank + 1)
            outputs[i].backward(grad)
        if rank > 0:
            dist.send(inputs[i].grad, dst=rank - 1)
    return outputs[-1].item() if rank == world - 1 else None
''',
    "per_rank_bytes": '''
STRATEGIES = ("single", "ddp", "pipeline", "fsdp")

def per_rank_bytes(strategy, num_params, activation_bytes, world_size, largest_layer_params=0, bytes_per_param=16):
    state = 16 * num_params                                  # Adam in fp32: 4 + 4 + 8 bytes per parameter
    if strategy == "single":
        return state + activation_bytes
    if strategy == "ddp":
        return state + 4 * num_params + activation_bytes / world_size
    if strategy == "pipeline":
        return state / world_size + activation_bytes / world_size
    if strategy == "fsdp":
        return state / world_size + activation_bytes / world_size + 8 * largest_layer_params
    raise ValueError(f"unknown strategy {strategy!r}")
''',
}
LOSES = {
    "split_layers_complete_contiguous": "every stage must be an nn.Sequential",
    "gpipe_step_matches_full_batch": "the batch's mean loss",
    "per_rank_bytes_by_strategy": "use the argument",
}
