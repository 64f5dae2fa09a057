"""Followed the myth "multiply the batch size by the number of GPUs to keep the effective batch"."""

CELLS = {
    "per_rank_batch": '''
def per_rank_batch(global_batch, world_size):
    """Samples each rank processes per step so that the ranks together process `global_batch`."""
    if global_batch < 1 or world_size < 1:
        raise ValueError(f"global_batch={global_batch} and world_size={world_size} must be positive")
    return global_batch * world_size
''',
}
LOSES = {
    "per_rank_batch_values": "do not multiply",
    "per_rank_batch_impossible": "raise ValueError",
}
