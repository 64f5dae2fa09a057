"""shard_indices shuffles with a different seed on each rank, so the shards overlap."""

CELLS = {
    "shard_indices": '''
def shard_indices(num_items, rank, world_size, epoch=0, seed=0, shuffle=True, drop_last=False):
    if shuffle:
        g = torch.Generator().manual_seed(seed + epoch + rank)   # "each rank gets its own shuffle"
        order = torch.randperm(num_items, generator=g).tolist()
    else:
        order = list(range(num_items))
    if drop_last:
        order = order[: num_items // world_size * world_size]
    else:
        total = math.ceil(num_items / world_size) * world_size
        while len(order) < total:
            order += order[: total - len(order)]
    return order[rank::world_size]
''',
}
LOSES = {
    "shard_indices_disjoint_complete": "overlap",
}
