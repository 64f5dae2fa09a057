"""A correct solution written differently: one flat all_reduce, gradient hooks, contiguous shards, no DataLoader."""

CELLS = {
    "average_gradients": '''
def average_gradients(model):
    grads = [p.grad for p in model.parameters() if p.grad is not None]
    if not grads:
        return
    flat = torch.cat([g.reshape(-1) for g in grads])      # one collective instead of one per tensor
    dist.all_reduce(flat, op=dist.ReduceOp.AVG)
    offset = 0
    for g in grads:
        g.copy_(flat[offset: offset + g.numel()].view_as(g))
        offset += g.numel()
''',
    "my_ddp": '''
class MyDDP(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module
        for tensor in module.state_dict().values():          # parameters and buffers share storage
            dist.broadcast(tensor, src=0)
        self._pending = []
        for p in module.parameters():
            if p.requires_grad:
                p.register_post_accumulate_grad_hook(self._launch)

    def _launch(self, p):
        # start the all-reduce as soon as this gradient is ready, overlapping the rest of backward
        self._pending.append((p, dist.all_reduce(p.grad, async_op=True)))

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def sync_gradients(self):
        for p, work in self._pending:
            work.wait()
            p.grad /= dist.get_world_size()
        self._pending.clear()
''',
    "shard_indices": '''
import numpy as np

def shard_indices(num_items, rank, world_size, epoch=0, seed=0, shuffle=True, drop_last=False):
    order = np.arange(num_items)
    if shuffle:
        order = np.random.default_rng([seed, epoch]).permutation(num_items)
    per_rank = num_items // world_size if drop_last else -(-num_items // world_size)
    order = np.resize(order, per_rank * world_size)        # np.resize repeats from the start
    return [int(i) for i in order[rank * per_rank: (rank + 1) * per_rank]]
''',
    "train_ddp": '''
def train_ddp(model_fn, dataset, global_batch_size, num_epochs, lr, checkpoint_path, seed=0):
    world_size = dist.get_world_size()
    if global_batch_size % world_size != 0:
        raise ValueError("global batch must split evenly")
    per_rank = global_batch_size // world_size
    net = model_fn()
    model = DDP(net)
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    sampler = DistributedSampler(dataset, seed=seed)
    for epoch in range(num_epochs):
        sampler.set_epoch(epoch)
        mine = list(sampler)
        for start in range(0, len(mine), per_rank):
            samples = [dataset[i] for i in mine[start: start + per_rank]]
            X = torch.stack([s[0] for s in samples])
            y = torch.stack([s[1] for s in samples])
            loss = F.cross_entropy(model(X), y)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
    if dist.get_rank() == 0:
        state = {k.removeprefix("module."): v for k, v in model.state_dict().items()}
        torch.save(state, checkpoint_path)
    dist.barrier()
    return net
''',
    "load_state_anywhere": '''
def load_state_anywhere(model, state_dict):
    bare = getattr(model, "module", model)
    bare.load_state_dict({k.removeprefix("module."): v for k, v in state_dict.items()})
    return model
''',
}
LOSES = {}
