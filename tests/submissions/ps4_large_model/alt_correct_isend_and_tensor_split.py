"""A correct solution written differently: isend/irecv with wait, an explicit index split, backward in reverse order."""

CELLS = {
    "split_layers": '''
def split_layers(model, num_stages):
    n = len(model)
    if num_stages <= 0 or num_stages > n:
        raise ValueError(f"{num_stages} stages for {n} layers")
    bounds = [0]
    for s in range(num_stages):
        bounds.append(bounds[-1] + n // num_stages + (s < n % num_stages))
    return [nn.Sequential(*list(model.children())[a:b]) for a, b in zip(bounds, bounds[1:])]
''',
    "pipeline_stage_step": '''
def pipeline_stage_step(stage, x, y, recv_shape, loss_fn=F.cross_entropy):
    rank, last = dist.get_rank(), dist.get_world_size() - 1
    if rank > 0:
        x = torch.empty(recv_shape)
        dist.irecv(x, src=rank - 1).wait()
        x.requires_grad_(True)
    h = stage(x)
    if rank < last:
        dist.isend(h.detach(), dst=rank + 1).wait()
        g = torch.empty(h.shape)
        dist.irecv(g, src=rank + 1).wait()
        torch.autograd.backward(h, g)
        loss = None
    else:
        loss = loss_fn(h, y)
        loss.backward()
        loss = float(loss)
    if rank > 0:
        dist.isend(x.grad, dst=rank - 1).wait()
    return loss
''',
    "gpipe_step": '''
def gpipe_step(stage, x, y, recv_shape, num_micro_batches, loss_fn=F.cross_entropy):
    rank, last = dist.get_rank(), dist.get_world_size() - 1
    m = num_micro_batches
    n = x.shape[0] if rank == 0 else recv_shape[0]
    if n % m != 0:
        raise ValueError("uneven micro-batches")
    k = n // m
    acts, outs, loss_sum = [], [], 0.0
    for i in range(m):
        if rank == 0:
            a = x[i * k:(i + 1) * k]
        else:
            a = torch.empty((k,) + tuple(recv_shape[1:]))
            dist.irecv(a, src=rank - 1).wait()
            a.requires_grad_()
        o = stage(a)
        if rank < last:
            dist.isend(o.detach(), dst=rank + 1).wait()
        else:
            o = loss_fn(o, y[i * k:(i + 1) * k], reduction="sum") / n   # sum over the micro-batch / batch size
            loss_sum += o.item()
        acts.append(a)
        outs.append(o)
    for i in reversed(range(m)):                                        # same (reversed) order on every rank
        if rank < last:
            g = torch.empty_like(outs[i])
            dist.irecv(g, src=rank + 1).wait()
            outs[i].backward(g)
        else:
            outs[i].backward()
        if rank > 0:
            dist.isend(acts[i].grad, dst=rank - 1).wait()
    return loss_sum if rank == last else None
''',
    "per_rank_bytes": '''
STRATEGIES = ("single", "ddp", "pipeline", "fsdp")

def per_rank_bytes(strategy, num_params, activation_bytes, world_size, largest_layer_params=0, bytes_per_param=16):
    replicated = strategy in ("single", "ddp")
    if strategy not in STRATEGIES:
        raise ValueError(strategy)
    ranks = 1 if strategy == "single" else world_size
    state = bytes_per_param * num_params / (1 if replicated else ranks)
    extra = {"ddp": 4 * num_params, "fsdp": 8 * largest_layer_params}.get(strategy, 0)
    return state + activation_bytes / ranks + extra
''',
    "strategies_that_fit": '''
def strategies_that_fit(num_params, activation_bytes, world_size, budget, largest_layer_params=0, bytes_per_param=16):
    fit = []
    for s in STRATEGIES:
        need = per_rank_bytes(s, num_params, activation_bytes, world_size,
                              largest_layer_params=largest_layer_params, bytes_per_param=bytes_per_param)
        if not need > budget:
            fit.append(s)
    return fit
''',
    "choose_strategy": '''
def choose_strategy(table, budget):
    ok = {k: v for k, v in table.items() if all(b <= budget for b in v["peak_bytes"])}
    if not ok:
        return None
    return sorted(ok, key=lambda k: (ok[k]["step_seconds"], max(ok[k]["peak_bytes"])))[0]
''',
}
LOSES = {}
