"""train_ddp uses DistributedSampler but never calls set_epoch: every epoch repeats one shuffle."""

CELLS = {
    "train_ddp": '''
def train_ddp(model_fn, dataset, global_batch_size, num_epochs, lr, checkpoint_path, seed=0):
    world_size = dist.get_world_size()
    model = model_fn()
    ddp_model = DDP(model)
    sampler = DistributedSampler(dataset, shuffle=True, seed=seed)
    loader = DataLoader(dataset, batch_size=global_batch_size // world_size, sampler=sampler)
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
    "train_ddp_matches_large_batch": "set_epoch",
}
