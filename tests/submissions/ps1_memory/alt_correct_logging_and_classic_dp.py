"""A correct submission in the textbooks' style: named_parameters (which skips a shared weight), logging
to stderr, an if/elif chain with its own error messages, the classic linear-partition table with
dividers, slicing for the split, keyword send/recv and torch.autograd.backward."""

CELLS = {
    "training_memory": '''
import logging

log = logging.getLogger("ps1")


def training_memory(model, optimizer):
    weights = gradients = optimizer_state = 0
    for name, param in model.named_parameters():
        weights += param.numel() * param.element_size()
        if param.grad is not None:
            gradients += param.grad.numel() * param.grad.element_size()
    for param, state in optimizer.state.items():
        for key, value in state.items():
            if isinstance(value, torch.Tensor):
                optimizer_state += value.numel() * value.element_size()
    log.warning("counted %d bytes of weights", weights)
    return {"weights": weights, "gradients": gradients, "optimizer_state": optimizer_state,
            "total": weights + gradients + optimizer_state}
''',
    "per_device_memory": '''
STRATEGIES = ("ddp", "pipeline", "zero1", "zero2", "zero3", "fsdp")


def per_device_memory(num_params, num_devices, strategy, weight_bytes=2, grad_bytes=2, state_bytes=12):
    if type(num_devices) is not int or num_devices < 1:
        raise ValueError("num_devices should be an integer >= 1")
    if num_params < 0:
        raise ValueError("num_params should be >= 0")
    shard = (num_params + num_devices - 1) // num_devices
    if strategy == "ddp":
        w, g, s = num_params, num_params, num_params
    elif strategy == "zero1":
        w, g, s = num_params, num_params, shard
    elif strategy == "zero2":
        w, g, s = num_params, shard, shard
    elif strategy in ("zero3", "fsdp", "pipeline"):
        w, g, s = shard, shard, shard
    else:
        raise ValueError("strategy should be one of " + ", ".join(STRATEGIES))
    result = {"weights": w * weight_bytes, "gradients": g * grad_bytes, "optimizer_state": s * state_bytes}
    result["total"] = result["weights"] + result["gradients"] + result["optimizer_state"]
    return result
''',
    "partition_layers": '''
def partition_layers(costs, k):
    n = len(costs)
    if not 1 <= k <= n:
        raise ValueError("k must be between 1 and the number of layers")
    prefix = [0] * (n + 1)
    for i in range(n):
        prefix[i + 1] = prefix[i] + costs[i]
    INF = float("inf")
    # table[i][j]: best largest stage for the first i layers in j stages; dividers[i][j]: last cut
    table = [[INF] * (k + 1) for _ in range(n + 1)]
    dividers = [[0] * (k + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        table[i][1] = prefix[i]
    for j in range(2, k + 1):
        for i in range(j, n + 1):
            for x in range(j - 1, i):
                cost = max(table[x][j - 1], prefix[i] - prefix[x])
                if cost < table[i][j]:
                    table[i][j] = cost
                    dividers[i][j] = x
    bounds, i = [n], n
    for j in range(k, 1, -1):
        i = dividers[i][j]
        bounds.append(i)
    bounds.append(0)
    bounds.reverse()
    return [list(range(bounds[s], bounds[s + 1])) for s in range(k)]
''',
    "split_model": '''
def split_model(model, cut):
    if not (0 < cut < len(model)):
        raise ValueError(f"bad cut {cut} for a model of {len(model)} layers")
    first = model[:cut]
    second = model[cut:]
    return first, second
''',
    "two_stage_step": '''
import sys


def two_stage_step(stage, batch, target, loss_fn, activation_shape):
    device = next(stage.parameters()).device
    if dist.get_rank() == 0:
        output = stage(batch)
        dist.send(tensor=output.detach(), dst=1)
        upstream = torch.zeros(output.shape, device=device)
        dist.recv(tensor=upstream, src=1)
        torch.autograd.backward(output, grad_tensors=upstream)
        print("rank 0: backward done", file=sys.stderr)
        return None
    received = torch.zeros(*activation_shape, device=device)
    dist.recv(tensor=received, src=0)
    received.requires_grad_(True)
    loss = loss_fn(stage(received), target)
    loss.backward()
    dist.send(tensor=received.grad.contiguous(), dst=0)
    return loss.item()
''',
}
LOSES = {}
