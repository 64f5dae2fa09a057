"""shard_indices strides without padding: ranks get different numbers of indices (and would hang)."""

CELLS = {
    "shard_indices": '''
def shard_indices(num_items, rank, world_size, epoch=0, seed=0, shuffle=True, drop_last=False):
    if shuffle:
        order = torch.randperm(num_items, generator=torch.Generator().manual_seed(seed + epoch)).tolist()
    else:
        order = list(range(num_items))
    if drop_last:
        order = order[: num_items // world_size * world_size]
    return order[rank::world_size]
''',
}
LOSES = {
    "shard_indices_disjoint_complete": "same number",
}
