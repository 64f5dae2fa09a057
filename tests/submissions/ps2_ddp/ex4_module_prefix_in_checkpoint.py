"""train_ddp saves the DDP wrapper's state_dict: every key starts with 'module.'."""

CELLS = {
    "train_ddp": '''
def train_ddp(model_fn, dataset, global_batch_size, num_epochs, lr, checkpoint_path, seed=0):
    if global_batch_size % dist.get_world_size():
        raise ValueError("the global batch must split evenly over the ranks")
    model = model_fn()
    ddp_model = DDP(model)
    sampler = DistributedSampler(dataset, seed=seed)
    loader = DataLoader(dataset, batch_size=global_batch_size // dist.get_world_size(), sampler=sampler)
    optimizer = torch.optim.SGD(ddp_model.parameters(), lr=lr)
    for epoch in range(num_epochs):
        sampler.set_epoch(epoch)
        for X, y in loader:
            optimizer.zero_grad()
            F.cross_entropy(ddp_model(X), y).backward()
            optimizer.step()
    if dist.get_rank() == 0:
        torch.save(ddp_model.state_dict(), checkpoint_path)
    return model
''',
}
LOSES = {
    "train_ddp_checkpoint": "module.",
}
