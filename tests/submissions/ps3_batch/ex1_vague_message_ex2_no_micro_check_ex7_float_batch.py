"""A ValueError whose message names no numbers, no check of max_micro_batch (it returns None), and a
largest batch computed with true division (a float, not a batch size)."""

CELLS = {
    "per_rank_batch": '''
def per_rank_batch(global_batch, world_size):
    """Samples each rank processes per step so that the ranks together process `global_batch`."""
    if global_batch < 1 or world_size < 1 or global_batch < world_size or global_batch % world_size:
        raise ValueError("impossible split")
    return global_batch // world_size
''',
    "plan_accumulation": '''
def plan_accumulation(global_batch, world_size, max_micro_batch):
    """Micro-batch size and number of accumulation steps that realise `global_batch` on `world_size` ranks."""
    per_rank = per_rank_batch(global_batch, world_size)
    for accum_steps in range(1, per_rank + 1):
        if per_rank % accum_steps == 0 and per_rank // accum_steps <= max_micro_batch:
            return per_rank // accum_steps, accum_steps
''',
    "largest_batch": '''
def largest_batch(model, sample_shape, budget_bytes):
    """Largest batch whose saved activations fit in `budget_bytes` (measured with saved_activation_bytes)."""
    one = saved_activation_bytes(model, torch.zeros(1, *sample_shape))
    if one > budget_bytes:
        raise ValueError(f"batch 1 needs {one} bytes, more than {budget_bytes}")
    two = saved_activation_bytes(model, torch.zeros(2, *sample_shape))
    per_sample, fixed = two - one, 2 * one - two
    return (budget_bytes - fixed) / per_sample
''',
}
LOSES = {
    "per_rank_batch_impossible": "which numbers do not work",
    "plan_accumulation_values": "max_micro_batch is below 1",
    "largest_batch_fits_budget": "return an int",
}
