"""No check of num_stages (divmod by 0 raises ZeroDivisionError), the micro-batch check on rank 0 only
(the other ranks go on and wait), and the first of the equally fast strategies instead of the tie rule."""

CELLS = {
    "split_layers": '''
def split_layers(model, num_stages):
    base, extra = divmod(len(model), num_stages)
    stages, start = [], 0
    for s in range(num_stages):
        end = start + base + (1 if s < extra else 0)
        stages.append(model[start:end])
        start = end
    return stages
''',
    "gpipe_step": '''
def gpipe_step(stage, x, y, recv_shape, num_micro_batches, loss_fn=F.cross_entropy):
    rank, world = dist.get_rank(), dist.get_world_size()
    m = num_micro_batches
    if rank == 0 and len(x) % m:
        raise ValueError(f"{len(x)} samples do not split into {m} micro-batches")
    size = recv_shape[0] // m
    device = next(stage.parameters()).device
    xs = x.split(size) if rank == 0 else None
    ys = y.split(size) if rank == world - 1 else None
    inputs, outputs, total = [], [], 0.0
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
            total += out.item()
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
    return total if rank == world - 1 else None
''',
    "choose_strategy": '''
def choose_strategy(table, budget):
    fitting = {name: row for name, row in table.items() if max(row["peak_bytes"]) <= budget}
    if not fitting:
        return None
    return min(fitting, key=lambda name: fitting[name]["step_seconds"])
''',
}
LOSES = {
    "split_layers_complete_contiguous": "raised ZeroDivisionError",
    "gpipe_step_sends_per_micro_batch": "never returned",
    "choose_strategy_worst_rank": "on a tie",
}
