"""Computed the per-rank batch with floor division and no checks: 10 samples on 4 ranks silently become 8."""

CELLS = {
    "per_rank_batch": '''
def per_rank_batch(global_batch, world_size):
    """Samples each rank processes per step so that the ranks together process `global_batch`."""
    if world_size <= 0:
        raise ValueError("world_size must be positive")
    return global_batch // world_size
''',
}
LOSES = {
    "per_rank_batch_impossible": "drop",
}
