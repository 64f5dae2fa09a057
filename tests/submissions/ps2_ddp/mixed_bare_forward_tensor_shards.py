"""train_ddp wraps the model in DDP but calls the bare model in the loop (no gradient averaging), and
shard_indices returns a tensor instead of a list."""

CELLS = {
    "shard_indices": '''
def shard_indices(num_items, rank, world_size, epoch=0, seed=0, shuffle=True, drop_last=False):
    g = torch.Generator().manual_seed(seed + epoch)
    order = torch.randperm(num_items, generator=g) if shuffle else torch.arange(num_items)
    if drop_last:
        order = order[: num_items // world_size * world_size]
    else:
        order = order.repeat(world_size)[: math.ceil(num_items / world_size) * world_size]
    return order[rank::world_size]
''',
    "train_ddp": '''
def train_ddp(model_fn, dataset, global_batch_size, num_epochs, lr, checkpoint_path, seed=0):
    world = dist.get_world_size()
    if global_batch_size % world:
        raise ValueError("global batch must divide by the world size")
    model = model_fn()
    ddp_model = DDP(model)
    sampler = DistributedSampler(dataset, shuffle=True, seed=seed)
    loader = DataLoader(dataset, batch_size=global_batch_size // world, sampler=sampler)
    optimizer = torch.optim.SGD(model.parameters(), lr=lr)
    for epoch in range(num_epochs):
        sampler.set_epoch(epoch)
        for X, y in loader:
            optimizer.zero_grad()
            F.cross_entropy(model(X), y).backward()
            optimizer.step()
    if dist.get_rank() == 0:
        torch.save(model.state_dict(), checkpoint_path)
    return model
''',
}
LOSES = {
    "shard_indices_disjoint_complete": "list of ints",
    "shard_indices_reshuffles_by_epoch": "list of ints",
    "train_ddp_matches_large_batch": "its own batch only",
}
