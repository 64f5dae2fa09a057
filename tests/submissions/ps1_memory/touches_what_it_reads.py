"""Changes what it was only asked to read: training_memory calls optimizer.step() "so that Adam's state
exists", partition_layers reverses the caller's costs in place to build stages from the back, and
split_model cuts stage 1 out of the model (del model[cut:]) and returns the rest as stage 0."""

CELLS = {
    "training_memory": '''
def training_memory(model, optimizer):
    optimizer.step()  # Adam creates its state at the first step: make sure it exists
    size = lambda t: t.numel() * t.element_size()
    weights = sum(size(p) for p in model.parameters())
    gradients = sum(size(p.grad) for p in model.parameters() if p.grad is not None)
    state = sum(size(v) for s in optimizer.state.values() for v in s.values() if torch.is_tensor(v))
    return {"weights": weights, "gradients": gradients, "optimizer_state": state, "total": weights + gradients + state}
''',
    "partition_layers": '''
def partition_layers(costs, k):
    n = len(costs)
    if k < 1 or k > n:
        raise ValueError(f"need 1 <= k <= {n}")
    costs.reverse()  # fill the stages from the last layer
    prefix = [0]
    for c in costs:
        prefix.append(prefix[-1] + c)
    best = {(0, 0): (0, 0)}
    for j in range(1, k + 1):
        for i in range(j, n + 1):
            best[(j, i)] = min((max(best[(j - 1, m)][0], prefix[i] - prefix[m]), m)
                               for m in range(j - 1, i) if (j - 1, m) in best)
    stages, end = [], n
    for j in range(k, 0, -1):
        start = best[(j, end)][1]
        stages.append([n - 1 - i for i in range(end - 1, start - 1, -1)])
        end = start
    return stages
''',
    "split_model": '''
def split_model(model, cut):
    if not 1 <= cut <= len(model) - 1:
        raise ValueError(f"cut must be in [1, {len(model) - 1}]")
    stage1 = model[cut:]
    del model[cut:]        # what is left of the model is stage 0
    return model, stage1
''',
}
LOSES = {
    "training_memory_counts_tensors": "only look",
    "partition_layers_optimal": "leave it unchanged",
    "split_model_stages": "leave `model` as it is",
}
