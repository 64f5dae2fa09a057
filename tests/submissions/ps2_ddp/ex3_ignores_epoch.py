"""shard_indices seeds the shuffle with the seed only: every epoch repeats the same order."""

CELLS = {
    "shard_indices": '''
def shard_indices(num_items, rank, world_size, epoch=0, seed=0, shuffle=True, drop_last=False):
    order = list(range(num_items))
    if shuffle:
        order = torch.randperm(num_items, generator=torch.Generator().manual_seed(seed)).tolist()
    per_rank = num_items // world_size if drop_last else -(-num_items // world_size)
    order = (order * (1 + per_rank * world_size // num_items))[: per_rank * world_size]
    return order[rank::world_size]
''',
}
LOSES = {
    "shard_indices_reshuffles_by_epoch": "epoch",
}
