"""MyDDP keeps the model as self.net (not self.module), train_ddp prints its progress on every rank,
and load_state_anywhere loads but returns nothing."""

CELLS = {
    "my_ddp": '''
class MyDDP(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.net = module
        with torch.no_grad():
            for t in [*module.parameters(), *module.buffers()]:
                dist.broadcast(t, src=0)

    def forward(self, *args, **kwargs):
        return self.net(*args, **kwargs)

    def sync_gradients(self):
        for p in self.net.parameters():
            if p.grad is not None:
                dist.all_reduce(p.grad)
                p.grad /= dist.get_world_size()
''',
    "train_ddp": '''
def train_ddp(model_fn, dataset, global_batch_size, num_epochs, lr, checkpoint_path, seed=0):
    rank, world = dist.get_rank(), dist.get_world_size()
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
            optimizer.zero_grad()
            loss = F.cross_entropy(ddp_model(X), y)
            loss.backward()
            optimizer.step()
        print(f"rank {rank} epoch {epoch} loss {loss.item():.4f}")
    if rank == 0:
        torch.save(model.state_dict(), checkpoint_path)
    return model
''',
    "load_state_anywhere": '''
def load_state_anywhere(model, state_dict):
    target = model.module if isinstance(model, (DDP, nn.DataParallel)) else model
    state = dict(state_dict)
    consume_prefix_in_state_dict_if_present(state, "module.")
    target.load_state_dict(state, strict=True)
''',
}
LOSES = {
    "my_ddp_broadcasts_initial_weights": "self.module",
    "train_ddp_matches_large_batch": "print progress on rank 0 only",
    "load_state_anywhere_all_directions": "return the model",
}
