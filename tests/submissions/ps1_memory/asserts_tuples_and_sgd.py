"""Counts the parameters by name with remove_duplicate=False (a tied weight twice), checks its arguments
with assert instead of raising ValueError, returns the stages as tuples, and updates the weights inside
two_stage_step ("one training step")."""

CELLS = {
    "training_memory": '''
def training_memory(model, optimizer):
    size = lambda t: t.numel() * t.element_size()
    params = [p for _, p in model.named_parameters(remove_duplicate=False)]
    weights = sum(size(p) for p in params)
    gradients = sum(size(p.grad) for p in model.parameters() if p.grad is not None)
    state = sum(size(v) for s in optimizer.state.values() for v in s.values() if torch.is_tensor(v))
    return {"weights": weights, "gradients": gradients, "optimizer_state": state, "total": weights + gradients + state}
''',
    "partition_layers": '''
def partition_layers(costs, k):
    n = len(costs)
    assert 1 <= k <= n, "k out of range"
    prefix = list(itertools.accumulate(costs, initial=0))
    best = [[math.inf] * (n + 1) for _ in range(k + 1)]
    start = [[0] * (n + 1) for _ in range(k + 1)]
    best[0][0] = 0
    for j in range(1, k + 1):
        for i in range(j, n + 1):
            for m in range(j - 1, i):
                c = max(best[j - 1][m], prefix[i] - prefix[m])
                if c < best[j][i]:
                    best[j][i], start[j][i] = c, m
    stages, end = [], n
    for j in range(k, 0, -1):
        stages.insert(0, tuple(range(start[j][end], end)))
        end = start[j][end]
    return stages
''',
    "split_model": '''
def split_model(model, cut):
    assert 0 < cut < len(model), "cut must leave a layer in each stage"
    return model[:cut], model[cut:]
''',
    "two_stage_step": '''
def two_stage_step(stage, batch, target, loss_fn, activation_shape, lr=0.1):
    device = next(stage.parameters()).device
    if dist.get_rank() == 0:
        out = stage(batch)
        dist.send(out.detach(), dst=1)
        grad = torch.empty_like(out)
        dist.recv(grad, src=1)
        out.backward(grad)
        loss = None
    else:
        act = torch.empty(activation_shape, device=device)
        dist.recv(act, src=0)
        act.requires_grad_()
        loss = loss_fn(stage(act), target)
        loss.backward()
        dist.send(act.grad, dst=0)
        loss = loss.item()
    with torch.no_grad():               # one training step: update the weights
        for p in stage.parameters():
            p -= lr * p.grad
    return loss
''',
}
LOSES = {
    "training_memory_counts_tensors": "counted twice",
    "partition_layers_optimal": "list of lists",
    "partition_layers_bad_input": "asks for a ValueError",
    "split_model_stages": "asks for a ValueError",
    "two_stage_step_matches_whole_model": "no optimizer step",
}
