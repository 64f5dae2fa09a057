"""A correct solution in another style: reduce to rank 0 then broadcast, asynchronous broadcasts and
all-reduces, contiguous blocks with a private random.Random, the PyTorch tutorial's training loop
(print every few batches on rank 0, barrier after saving), a regex that adds or strips the prefix."""

CELLS = {
    "average_gradients": '''
def average_gradients(model):
    rank, world = dist.get_rank(), dist.get_world_size()
    for param in model.parameters():
        if param.grad is None:
            continue
        dist.reduce(param.grad, dst=0, op=dist.ReduceOp.SUM)
        if rank == 0:
            param.grad.div_(world)
        dist.broadcast(param.grad, src=0)
''',
    "my_ddp": '''
class MyDDP(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module
        works = [dist.broadcast(t.data, src=0, async_op=True) for t in list(module.parameters()) + list(module.buffers())]
        for work in works:
            work.wait()

    def forward(self, x):
        return self.module(x)

    def sync_gradients(self):
        grads = [p.grad for p in self.module.parameters() if p.grad is not None]
        works = [dist.all_reduce(g, async_op=True) for g in grads]
        for g, work in zip(grads, works):
            work.wait()
            g.mul_(1.0 / dist.get_world_size())
''',
    "shard_indices": '''
import random


def shard_indices(num_items, rank, world_size, epoch=0, seed=0, shuffle=True, drop_last=False):
    order = list(range(num_items))
    if shuffle:
        order = random.Random(seed * 100003 + epoch).sample(order, num_items)
    per_rank = num_items // world_size if drop_last else math.ceil(num_items / world_size)
    while len(order) < per_rank * world_size:
        order.extend(order[: per_rank * world_size - len(order)])
    return order[rank * per_rank:(rank + 1) * per_rank]
''',
    "train_ddp": '''
def train_ddp(model_fn, dataset, global_batch_size, num_epochs, lr, checkpoint_path, seed=0):
    rank = dist.get_rank()
    world_size = dist.get_world_size()
    if global_batch_size % world_size:
        raise ValueError("global_batch_size must be divisible by the world size")
    device = helpers.rank_device()
    model = model_fn().to(device)
    ddp_model = DDP(model, device_ids=[device.index] if device.type == "cuda" else None)
    sampler = DistributedSampler(dataset, num_replicas=world_size, rank=rank, shuffle=True, seed=seed)
    train_loader = DataLoader(dataset, batch_size=global_batch_size // world_size, shuffle=False, sampler=sampler)
    optimizer = torch.optim.SGD(ddp_model.parameters(), lr=lr)
    for epoch in range(num_epochs):
        train_loader.sampler.set_epoch(epoch)
        ddp_model.train()
        for batch_idx, (data, target) in enumerate(train_loader):
            data, target = data.to(device), target.to(device)
            optimizer.zero_grad()
            output = ddp_model(data)
            loss = F.cross_entropy(output, target)
            loss.backward()
            optimizer.step()
            if rank == 0 and batch_idx % 2 == 0:
                print(f"Train Epoch: {epoch} [{batch_idx * len(data)}/{len(sampler)}]\\tLoss: {loss.item():.6f}")
    if rank == 0:
        torch.save(ddp_model.module.state_dict(), checkpoint_path)
    dist.barrier()
    return ddp_model.module
''',
    "load_state_anywhere": '''
import re
from collections import OrderedDict


def load_state_anywhere(model, state_dict):
    wants_prefix = isinstance(model, (DDP, nn.DataParallel))
    fixed = OrderedDict()
    for key, value in state_dict.items():
        bare = re.sub(r"^module\\.", "", key)
        fixed["module." + bare if wants_prefix else bare] = value
    model.load_state_dict(fixed)
    return model
''',
}
LOSES = {}
