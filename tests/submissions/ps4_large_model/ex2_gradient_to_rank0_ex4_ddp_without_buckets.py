"""Sends the input's gradient to rank 0 ("the first stage") instead of the previous stage, counts DDP's
memory as ZeRO does (without DDP's gradient buckets: that costs per_rank_bytes only, since the solution's
strategies_that_fit agrees with this per_rank_bytes), and takes min() of an empty list when nothing fits."""

CELLS = {
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
    if rank == world - 1:
        loss = loss_fn(out, y)
        loss.backward()
    else:
        dist.send(out.detach().contiguous(), dst=rank + 1)
        grad = torch.empty_like(out)
        dist.recv(grad, src=rank + 1)
        out.backward(grad)
    if rank > 0:
        dist.send(inp.grad, dst=0)                           # gradients go back to the start
    return loss.item() if rank == world - 1 else None
''',
    "per_rank_bytes": '''
STRATEGIES = ("single", "ddp", "pipeline", "fsdp")

def per_rank_bytes(strategy, num_params, activation_bytes, world_size, largest_layer_params=0, bytes_per_param=16):
    b, P, A, n, L = bytes_per_param, num_params, activation_bytes, world_size, largest_layer_params
    formulas = {
        "single": b * P + A,
        "ddp": b * P + A / n,                                # weights + gradients + optimizer state, replicated
        "pipeline": b * P / n + A / n,
        "fsdp": b * P / n + A / n + 8 * L,
    }
    if strategy not in formulas:
        raise ValueError(strategy)
    return formulas[strategy]
''',
    "choose_strategy": '''
def choose_strategy(table, budget):
    fitting = [(row["step_seconds"], max(row["peak_bytes"]), name)
               for name, row in table.items() if max(row["peak_bytes"]) <= budget]
    return min(fitting)[2]
''',
}
LOSES = {
    "pipeline_stage_step_matches_unsplit": "sent to the wrong rank",
    "per_rank_bytes_by_strategy": "ZeRO's accounting",
    "choose_strategy_worst_rank": "when nothing fits, return None",
}
