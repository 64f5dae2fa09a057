"""Halves the micro-batch until it fits (more accumulation steps than needed), divides by warmup_steps
even when it is 0, and returns 0 instead of raising when not even one sample fits."""

CELLS = {
    "plan_accumulation": '''
def plan_accumulation(global_batch, world_size, max_micro_batch):
    """Micro-batch size and number of accumulation steps that realise `global_batch` on `world_size` ranks."""
    if max_micro_batch < 1:
        raise ValueError("max_micro_batch must be at least 1")
    per_rank = per_rank_batch(global_batch, world_size)
    micro = per_rank
    while micro > max_micro_batch:
        micro //= 2
    return micro, per_rank // micro
''',
    "warmup_lr": '''
def warmup_lr(step, base_lr, target_lr, warmup_steps):
    """LR at optimizer step `step` (from 0): linear from base_lr (step 0) to target_lr (step warmup_steps), then constant."""
    fraction = min(step / warmup_steps, 1.0)
    return base_lr + fraction * (target_lr - base_lr)
''',
    "largest_batch": '''
def largest_batch(model, sample_shape, budget_bytes):
    """Largest batch whose saved activations fit in `budget_bytes` (measured with saved_activation_bytes)."""
    one = saved_activation_bytes(model, torch.zeros(1, *sample_shape))
    two = saved_activation_bytes(model, torch.zeros(2, *sample_shape))
    per_sample = two - one
    fixed = one - per_sample
    return max(0, (budget_bytes - fixed) // per_sample)
''',
}
LOSES = {
    "plan_accumulation_values": "fewest accumulation steps",
    "warmup_lr_schedule": "divided by zero",
    "largest_batch_fits_budget": "not even batch 1 fits",
}
