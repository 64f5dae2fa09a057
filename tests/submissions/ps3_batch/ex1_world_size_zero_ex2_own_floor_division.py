"""Checks the split but not a world size of 0 (ZeroDivisionError), and plans the accumulation from its own
floor division instead of per_rank_batch, so an impossible split gets a plan instead of a ValueError."""

CELLS = {
    "per_rank_batch": '''
def per_rank_batch(global_batch, world_size):
    """Samples each rank processes per step so that the ranks together process `global_batch`."""
    if global_batch % world_size:
        raise ValueError(f"{global_batch} samples do not split evenly over {world_size} ranks")
    if world_size > global_batch:
        raise ValueError(f"{world_size} ranks for {global_batch} samples: some ranks get nothing")
    return global_batch // world_size
''',
    "plan_accumulation": '''
def plan_accumulation(global_batch, world_size, max_micro_batch):
    """Micro-batch size and number of accumulation steps that realise `global_batch` on `world_size` ranks."""
    if max_micro_batch < 1:
        raise ValueError("max_micro_batch must be at least 1")
    per_rank = global_batch // world_size
    for steps in range(1, per_rank + 1):
        if per_rank % steps == 0 and per_rank // steps <= max_micro_batch:
            return per_rank // steps, steps
''',
}
LOSES = {
    "per_rank_batch_impossible": "raised ZeroDivisionError",
    "plan_accumulation_values": "the per-rank split is impossible",
}
