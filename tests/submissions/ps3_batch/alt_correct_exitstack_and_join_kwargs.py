"""A correct solution written differently again: other checks and messages, the LR formula in another
order, ExitStack for no_sync(), the sample count on the batch's device, Join with
divide_by_initial_world_size=False, warnings and prints on stderr: full marks."""

CELLS = {
    "per_rank_batch": '''
def per_rank_batch(global_batch, world_size):
    """Samples each rank processes per step so that the ranks together process `global_batch`."""
    if global_batch <= 0 or world_size <= 0:
        raise ValueError(f"both must be positive: global_batch={global_batch}, world_size={world_size}")
    if global_batch < world_size:
        raise ValueError(f"global_batch={global_batch} < world_size={world_size}: some ranks would be idle")
    if global_batch % world_size != 0:
        raise ValueError(f"global_batch={global_batch} is not a multiple of world_size={world_size}")
    return int(global_batch / world_size)
''',
    "plan_accumulation": '''
def plan_accumulation(global_batch, world_size, max_micro_batch):
    """Micro-batch size and number of accumulation steps that realise `global_batch` on `world_size` ranks."""
    if max_micro_batch < 1:
        raise ValueError(f"max_micro_batch={max_micro_batch}: at least one sample must fit")
    per_rank = per_rank_batch(global_batch, world_size)
    steps = min(k for k in range(1, per_rank + 1) if per_rank % k == 0 and per_rank // k <= max_micro_batch)
    return per_rank // steps, steps
''',
    "scale_lr": '''
def scale_lr(base_lr, base_batch, global_batch):
    """Learning rate for `global_batch` by the linear scaling rule, given `base_lr` tuned for `base_batch`."""
    return base_lr / base_batch * global_batch
''',
    "warmup_lr": '''
def warmup_lr(step, base_lr, target_lr, warmup_steps):
    """LR at optimizer step `step` (from 0): linear from base_lr (step 0) to target_lr (step warmup_steps), then constant."""
    if warmup_steps <= 0 or step >= warmup_steps:
        return target_lr
    slope = (target_lr - base_lr) / warmup_steps
    return base_lr + slope * step
''',
    "accumulate_gradients": '''
import contextlib
import warnings

def accumulate_gradients(ddp_model, loss_fn, micro_batches):
    """Accumulate the gradient of all `micro_batches` in `.grad`, all-reducing once (on the last one)."""
    scale = 1.0 / len(micro_batches)
    warnings.warn(f"accumulating {len(micro_batches)} micro-batches", stacklevel=2)
    for index, (x, y) in enumerate(micro_batches):
        with contextlib.ExitStack() as stack:
            if index + 1 < len(micro_batches):
                stack.enter_context(ddp_model.no_sync())
            torch.autograd.backward(loss_fn(ddp_model(x), y) * scale)
''',
    "weighted_backward": '''
def weighted_backward(ddp_model, loss_fn, x, y):
    """Backward of this rank's batch, weighted so that DDP's average is the full-batch gradient."""
    count = torch.tensor([x.shape[0]], dtype=torch.float32, device=x.device)
    total = count.clone()
    dist.all_reduce(total, op=dist.ReduceOp.SUM)
    world = dist.get_world_size()
    loss = loss_fn(ddp_model(x), y)
    (loss * (count * world / total).item()).backward()
''',
    "train_uneven": '''
import sys
from torch.distributed.algorithms.join import Join

def train_uneven(ddp_model, optimizer, loss_fn, batches):
    """Train on this rank's `batches` (a different number on each rank) without hanging."""
    with Join([ddp_model], divide_by_initial_world_size=False):
        for step, (x, y) in enumerate(batches):
            optimizer.zero_grad(set_to_none=True)
            loss = loss_fn(ddp_model(x), y)
            loss.backward()
            optimizer.step()
            print(f"rank {dist.get_rank()} step {step}: {loss.item():.4f}", file=sys.stderr)
''',
    "saved_activation_bytes": '''
def saved_activation_bytes(model, x):
    """Bytes of the distinct storages autograd saves for backward during model(x), parameters and buffers excluded."""
    skip = set()
    for t in model.state_dict(keep_vars=True).values():
        skip.add(t.untyped_storage().data_ptr())
    seen = {}

    def pack(t):
        s = t.untyped_storage()
        if s.data_ptr() not in skip:
            seen.setdefault(s.data_ptr(), s.nbytes())
        return t

    def unpack(t):
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
        model(x)
    return sum(seen.values())
''',
    "largest_batch": '''
def largest_batch(model, sample_shape, budget_bytes):
    """Largest batch whose saved activations fit in `budget_bytes` (measured with saved_activation_bytes)."""
    m1 = saved_activation_bytes(model, torch.zeros(1, *sample_shape))
    m3 = saved_activation_bytes(model, torch.zeros(3, *sample_shape))
    per_sample = (m3 - m1) // 2
    fixed = m1 - per_sample
    if m1 > budget_bytes:
        raise ValueError(f"budget {budget_bytes} B is below the {m1} B that a single sample needs")
    return int((budget_bytes - fixed) // per_sample)
''',
    "quiz_q4": "q4 = 'A'",
    "quiz_q5": 'q5 = "d "',
    "quiz_q6": "q6 = 'b'",
}
LOSES = {}
