"""train_ddp shuffles the whole data set on every rank instead of using DistributedSampler."""

CELLS = {
    "train_ddp": '''
def train_ddp(model_fn, dataset, global_batch_size, num_epochs, lr, checkpoint_path, seed=0):
    model = model_fn()
    ddp_model = DDP(model)
    loader = DataLoader(dataset, batch_size=global_batch_size // dist.get_world_size(), shuffle=True)
    optimizer = torch.optim.SGD(ddp_model.parameters(), lr=lr)
    for epoch in range(num_epochs):
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
    "train_ddp_matches_large_batch": "DistributedSampler",
}
