"""A correct solution written differently from ours (divmod, Join([...]), binary search): full marks."""

CELLS = {
    "per_rank_batch": '''
def per_rank_batch(global_batch, world_size):
    """Samples each rank processes per step so that the ranks together process `global_batch`."""
    if not (global_batch > 0 and world_size > 0):
        raise ValueError(f"need a positive global batch and world size, got global_batch={global_batch}, world_size={world_size}")
    share, leftover = divmod(global_batch, world_size)
    if share == 0 or leftover != 0:
        raise ValueError(f"cannot split a global batch of {global_batch} evenly across {world_size} ranks")
    return share
''',
    "plan_accumulation": '''
def plan_accumulation(global_batch, world_size, max_micro_batch):
    """Micro-batch size and number of accumulation steps that realise `global_batch` on `world_size` ranks."""
    per_rank = per_rank_batch(global_batch, world_size)
    if max_micro_batch < 1:
        raise ValueError("max_micro_batch must be >= 1")
    # the largest micro-batch that fits and divides the per-rank batch = the fewest steps
    micro = next(m for m in range(min(max_micro_batch, per_rank), 0, -1) if per_rank % m == 0)
    return micro, per_rank // micro
''',
    "scale_lr": '''
def scale_lr(base_lr, base_batch, global_batch):
    """Learning rate for `global_batch` by the linear scaling rule, given `base_lr` tuned for `base_batch`."""
    k = global_batch / base_batch
    return k * base_lr
''',
    "warmup_lr": '''
def warmup_lr(step, base_lr, target_lr, warmup_steps):
    """LR at optimizer step `step` (from 0): linear from base_lr (step 0) to target_lr (step warmup_steps), then constant."""
    progress = 1.0 if warmup_steps == 0 else min(1.0, step / warmup_steps)
    return (1 - progress) * base_lr + progress * target_lr
''',
    "accumulate_gradients": '''
import contextlib

def accumulate_gradients(ddp_model, loss_fn, micro_batches):
    """Accumulate the gradient of all `micro_batches` in `.grad`, all-reducing once (on the last one)."""
    n = len(micro_batches)
    for i, (x, y) in enumerate(micro_batches):
        last = i == n - 1
        with contextlib.nullcontext() if last else ddp_model.no_sync():
            loss = loss_fn(ddp_model(x), y)
            (loss / n).backward()
''',
    "weighted_backward": '''
def weighted_backward(ddp_model, loss_fn, x, y):
    """Backward of this rank's batch, weighted so that DDP's average is the full-batch gradient."""
    sizes = [torch.zeros(1) for _ in range(dist.get_world_size())]
    dist.all_gather(sizes, torch.tensor([float(x.shape[0])]))
    total = sum(s.item() for s in sizes)
    loss = loss_fn(ddp_model(x), y) * x.shape[0] / total  # this rank's share of the sum over all samples
    (loss * dist.get_world_size()).backward()               # DDP divides by the world size again
''',
    "train_uneven": '''
from torch.distributed.algorithms.join import Join

def train_uneven(ddp_model, optimizer, loss_fn, batches):
    """Train on this rank's `batches` (a different number on each rank) without hanging."""
    with Join([ddp_model]):
        for x, y in batches:
            optimizer.zero_grad()
            loss = loss_fn(ddp_model(x), y)
            loss.backward()
            optimizer.step()
''',
    "saved_activation_bytes": '''
def saved_activation_bytes(model, x):
    """Bytes of the distinct storages autograd saves for backward during model(x), parameters and buffers excluded."""
    weights = [t.untyped_storage() for t in model.state_dict(keep_vars=True).values()]
    saved = []

    def pack(t):
        storage = t.untyped_storage()
        is_weight = any(storage.data_ptr() == w.data_ptr() for w in weights)
        if not is_weight and all(storage.data_ptr() != s.data_ptr() for s in saved):
            saved.append(storage)
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        model(x)
    return sum(s.nbytes() for s in saved)
''',
    "largest_batch": '''
def largest_batch(model, sample_shape, budget_bytes):
    """Largest batch whose saved activations fit in `budget_bytes` (measured with saved_activation_bytes)."""
    def fits(b):
        return saved_activation_bytes(model, torch.zeros(b, *sample_shape)) <= budget_bytes

    if not fits(1):
        raise ValueError(f"batch 1 already exceeds the budget of {budget_bytes} bytes")
    low, high = 1, 2
    while fits(high):          # double until it no longer fits
        low, high = high, high * 2
    while high - low > 1:      # then bisect: low fits, high does not
        mid = (low + high) // 2
        if fits(mid):
            low = mid
        else:
            high = mid
    return low
''',
    "quiz_q1": 'q1 = "C"',
    "quiz_q2": "q2 = 'd'",
    "quiz_q3": 'q3 = " b "',
    "written_batch_myth": '''
(a) Under DDP each process's batch_size is per GPU, so they trained with 8 x 512 = 4096 samples per step,
64x the original 64: the note is backwards, keeping the global batch means 64 / 8 = 8 per GPU.
(b) 64x fewer steps per epoch at the same LR, so far less progress per epoch.
(c) Keep: batch_size=8 per GPU, LR 0.1. Scale: batch_size=64 per GPU (512 global), LR 0.8 after a warmup from 0.1.
''',
}
LOSES = {}
