"""Chose the accumulation steps with a ceiling division, so the micro-batches no longer add up to the global batch."""

CELLS = {
    "plan_accumulation": '''
def plan_accumulation(global_batch, world_size, max_micro_batch):
    """Micro-batch size and number of accumulation steps that realise `global_batch` on `world_size` ranks."""
    if max_micro_batch < 1:
        raise ValueError("max_micro_batch must be at least 1")
    per_rank = per_rank_batch(global_batch, world_size)
    accum_steps = math.ceil(per_rank / max_micro_batch)
    return per_rank // accum_steps, accum_steps
''',
}
LOSES = {
    "plan_accumulation_values": "must divide",
}
