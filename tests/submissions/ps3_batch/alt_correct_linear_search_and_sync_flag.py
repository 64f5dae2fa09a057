"""A correct solution in plain loops: the LR ratio in parentheses, DDP's require_backward_grad_sync flag
instead of the no_sync() context (what no_sync() sets), an int64 sample count, join() with its keyword,
storage sizes from size(), a largest batch found by counting up, logging on stderr: full marks."""

CELLS = {
    "per_rank_batch": '''
def per_rank_batch(global_batch, world_size):
    """Samples each rank processes per step so that the ranks together process `global_batch`."""
    problems = []
    if world_size < 1:
        problems.append("world_size must be at least 1")
    if global_batch < 1:
        problems.append("global_batch must be at least 1")
    if not problems and global_batch < world_size:
        problems.append("fewer samples than ranks")
    if not problems and global_batch % world_size:
        problems.append("not a multiple of the world size")
    if problems:
        raise ValueError(f"per_rank_batch({global_batch}, {world_size}): " + "; ".join(problems))
    return global_batch // world_size
''',
    "plan_accumulation": '''
def plan_accumulation(global_batch, world_size, max_micro_batch):
    """Micro-batch size and number of accumulation steps that realise `global_batch` on `world_size` ranks."""
    if max_micro_batch < 1:
        raise ValueError(f"max_micro_batch={max_micro_batch} < 1")
    per_rank = per_rank_batch(global_batch, world_size)
    steps = 1
    while per_rank % steps or per_rank // steps > max_micro_batch:
        steps += 1
    return per_rank // steps, steps
''',
    "scale_lr": '''
def scale_lr(base_lr, base_batch, global_batch):
    """Learning rate for `global_batch` by the linear scaling rule, given `base_lr` tuned for `base_batch`."""
    return base_lr * (global_batch / base_batch)
''',
    "warmup_lr": '''
def warmup_lr(step, base_lr, target_lr, warmup_steps):
    """LR at optimizer step `step` (from 0): linear from base_lr (step 0) to target_lr (step warmup_steps), then constant."""
    if warmup_steps == 0:
        return target_lr
    t = min(step, warmup_steps) / warmup_steps
    return (1 - t) * base_lr + t * target_lr
''',
    "accumulate_gradients": '''
def accumulate_gradients(ddp_model, loss_fn, micro_batches):
    """Accumulate the gradient of all `micro_batches` in `.grad`, all-reducing once (on the last one)."""
    k = len(micro_batches)
    try:
        for i, (x, y) in enumerate(micro_batches):
            ddp_model.require_backward_grad_sync = i == k - 1    # what no_sync() switches off
            (loss_fn(ddp_model(x), y) / k).backward()
    finally:
        ddp_model.require_backward_grad_sync = True
''',
    "weighted_backward": '''
def weighted_backward(ddp_model, loss_fn, x, y):
    """Backward of this rank's batch, weighted so that DDP's average is the full-batch gradient."""
    n = torch.tensor([len(x)], dtype=torch.int64, device=x.device)
    total = n.clone()
    dist.all_reduce(total)
    weight = len(x) * dist.get_world_size() / int(total.item())
    loss = loss_fn(ddp_model(x), y)
    loss.mul(weight).backward()
''',
    "train_uneven": '''
import logging

def train_uneven(ddp_model, optimizer, loss_fn, batches):
    """Train on this rank's `batches` (a different number on each rank) without hanging."""
    with ddp_model.join(divide_by_initial_world_size=True):
        for i in range(len(batches)):
            x, y = batches[i]
            optimizer.zero_grad(set_to_none=False)
            loss = loss_fn(ddp_model(x), y)
            loss.backward()
            optimizer.step()
            logging.getLogger("train").warning("rank %d batch %d", dist.get_rank(), i)
''',
    "saved_activation_bytes": '''
import itertools

def saved_activation_bytes(model, x):
    """Bytes of the distinct storages autograd saves for backward during model(x), parameters and buffers excluded."""
    fixed = {t.untyped_storage().data_ptr() for t in itertools.chain(model.parameters(), model.buffers())}
    sizes = {}

    def pack(t):
        storage = t.untyped_storage()
        if storage.data_ptr() not in fixed:
            sizes[storage.data_ptr()] = storage.size()   # an untyped storage's size is in bytes
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        model(x)
    total = 0
    for size in sizes.values():
        total += size
    return total
''',
    "largest_batch": '''
def largest_batch(model, sample_shape, budget_bytes):
    """Largest batch whose saved activations fit in `budget_bytes` (measured with saved_activation_bytes)."""
    def need(batch):
        return saved_activation_bytes(model, torch.zeros(batch, *sample_shape))

    if need(1) > budget_bytes:
        raise ValueError(f"a budget of {budget_bytes} bytes does not hold even one sample ({need(1)} bytes)")
    batch = 1
    while need(batch + 1) <= budget_bytes:
        batch += 1
    return batch
''',
}
LOSES = {}
