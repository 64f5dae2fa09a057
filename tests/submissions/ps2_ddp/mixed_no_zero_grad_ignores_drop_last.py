"""train_ddp never calls optimizer.zero_grad() (the gradients pile up over the steps), and
shard_indices always pads, ignoring drop_last=True."""

CELLS = {
    "shard_indices": '''
def shard_indices(num_items, rank, world_size, epoch=0, seed=0, shuffle=True, drop_last=False):
    if shuffle:
        order = torch.randperm(num_items, generator=torch.Generator().manual_seed(seed + epoch)).tolist()
    else:
        order = list(range(num_items))
    total = math.ceil(num_items / world_size) * world_size
    while len(order) < total:
        order += order[: total - len(order)]
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
    optimizer = torch.optim.SGD(ddp_model.parameters(), lr=lr)
    for epoch in range(num_epochs):
        sampler.set_epoch(epoch)
        for X, y in loader:
            F.cross_entropy(ddp_model(X), y).backward()
            optimizer.step()
    if dist.get_rank() == 0:
        torch.save(model.state_dict(), checkpoint_path)
    return model
''',
}
LOSES = {
    "shard_indices_disjoint_complete": "with drop_last=True every rank gets",
    "train_ddp_matches_large_batch": "zero_grad",
}
