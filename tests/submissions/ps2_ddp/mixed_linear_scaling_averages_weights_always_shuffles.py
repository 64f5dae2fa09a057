"""train_ddp applies the linear scaling rule (lr x world_size) although the exercise fixes SGD(lr=lr),
average_gradients also all-reduces the weights "to keep the replicas in sync" (summing them), and shard_indices shuffles even when
shuffle=False."""

CELLS = {
    "average_gradients": '''
def average_gradients(model):
    world = dist.get_world_size()
    with torch.no_grad():
        for p in model.parameters():
            dist.all_reduce(p)                 # keep the replicas in sync too
            if p.grad is not None:
                dist.all_reduce(p.grad)
                p.grad /= world
''',
    "shard_indices": '''
def shard_indices(num_items, rank, world_size, epoch=0, seed=0, shuffle=True, drop_last=False):
    order = torch.randperm(num_items, generator=torch.Generator().manual_seed(seed + epoch)).tolist()
    if drop_last:
        order = order[: num_items // world_size * world_size]
    else:
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
    optimizer = torch.optim.SGD(ddp_model.parameters(), lr=lr * world)   # linear scaling rule
    for epoch in range(num_epochs):
        sampler.set_epoch(epoch)
        for X, y in loader:
            optimizer.zero_grad()
            F.cross_entropy(ddp_model(X), y).backward()
            optimizer.step()
    if dist.get_rank() == 0:
        torch.save(model.state_dict(), checkpoint_path)
    return model
''',
}
LOSES = {
    "average_gradients_matches_large_batch": "must only change the .grad",
    "shard_indices_reshuffles_by_epoch": "without shuffling",
    "train_ddp_matches_large_batch": "world_size times",
}
