"""Counts the accumulation steps with a floor division (the micro-batch no longer fits), and trains the
uneven shards without optimizer.zero_grad(), so every step also applies the gradients of the steps before."""

CELLS = {
    "plan_accumulation": '''
def plan_accumulation(global_batch, world_size, max_micro_batch):
    """Micro-batch size and number of accumulation steps that realise `global_batch` on `world_size` ranks."""
    if max_micro_batch < 1:
        raise ValueError("max_micro_batch must be at least 1")
    per_rank = per_rank_batch(global_batch, world_size)
    steps = max(1, per_rank // max_micro_batch)
    while per_rank % steps:
        steps += 1
    return per_rank // steps, steps
''',
    "train_uneven": '''
def train_uneven(ddp_model, optimizer, loss_fn, batches):
    """Train on this rank's `batches` (a different number on each rank) without hanging."""
    with ddp_model.join():
        for x, y in batches:
            loss_fn(ddp_model(x), y).backward()
            optimizer.step()
''',
}
LOSES = {
    "plan_accumulation_values": "larger than the",
    "train_uneven_finishes_and_matches": "gradients were never zeroed",
}
