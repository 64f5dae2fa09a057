"""train_ddp reuses MyDDP from exercise 2 (broadcast at construction, sync_gradients after backward) instead of
torch's DistributedDataParallel: the same steps, but the exercise asks for DistributedDataParallel."""

CELLS = {
    "train_ddp": '''
def train_ddp(model_fn, dataset, global_batch_size, num_epochs, lr, checkpoint_path, seed=0):
    rank, world_size = dist.get_rank(), dist.get_world_size()
    if global_batch_size % world_size:
        raise ValueError(f"global_batch_size={global_batch_size} does not split evenly over {world_size} ranks")
    device = helpers.rank_device()
    model = MyDDP(model_fn().to(device))          # my own DDP from exercise 2: same broadcast, same averaging
    sampler = DistributedSampler(dataset, shuffle=True, seed=seed)
    loader = DataLoader(dataset, batch_size=global_batch_size // world_size, sampler=sampler)
    optimizer = torch.optim.SGD(model.parameters(), lr=lr)
    for epoch in range(num_epochs):
        sampler.set_epoch(epoch)
        for X, y in loader:
            X, y = X.to(device), y.to(device)
            optimizer.zero_grad()
            F.cross_entropy(model(X), y).backward()
            model.sync_gradients()
            optimizer.step()
    if rank == 0:
        torch.save(model.module.state_dict(), checkpoint_path)
    return model.module
''',
}
LOSES = {
    "train_ddp_matches_large_batch": "outside DistributedDataParallel's forward",
}
