"""train_ddp builds DistributedSampler(dataset) without passing the seed it was given."""

CELLS = {
    "train_ddp": '''
def train_ddp(model_fn, dataset, global_batch_size, num_epochs, lr, checkpoint_path, seed=0):
    world = dist.get_world_size()
    if global_batch_size % world:
        raise ValueError("global batch must divide by the world size")
    model = model_fn()
    ddp_model = DDP(model)
    sampler = DistributedSampler(dataset, shuffle=True)
    loader = DataLoader(dataset, batch_size=global_batch_size // world, sampler=sampler)
    optimizer = torch.optim.SGD(ddp_model.parameters(), lr=lr)
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
    "train_ddp_matches_large_batch": "default seed",
}
