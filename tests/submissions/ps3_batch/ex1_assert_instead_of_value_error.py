"""Guards the split with assert statements: an impossible split raises AssertionError, not the ValueError asked for."""

CELLS = {
    "per_rank_batch": '''
def per_rank_batch(global_batch, world_size):
    """Samples each rank processes per step so that the ranks together process `global_batch`."""
    assert global_batch > 0 and world_size > 0, "global batch and world size must be positive"
    assert global_batch % world_size == 0, f"{global_batch} does not split over {world_size} ranks"
    return global_batch // world_size
''',
}
LOSES = {
    "per_rank_batch_impossible": "the exercise asks for a ValueError",
}
