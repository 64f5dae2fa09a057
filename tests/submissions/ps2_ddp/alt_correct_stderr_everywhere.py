"""A correct solution that writes to stderr from every rank (warnings, logging, tqdm-style progress)
and prints on rank 0 only; saves through `from torch import save`; all_reduce with the default op and a comprehension; a seeded
numpy permutation; parameters_to_vector for the broadcast."""

CELLS = {
    "average_gradients": '''
import sys


def average_gradients(model):
    grads = [p.grad for p in model.parameters() if p.grad is not None]
    [dist.all_reduce(g) for g in grads]
    [g.div_(dist.get_world_size()) for g in grads]
    print(f"rank {dist.get_rank()}: averaged {len(grads)} gradients", file=sys.stderr)
''',
    "my_ddp": '''
from torch.nn.utils import parameters_to_vector, vector_to_parameters


class MyDDP(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module
        with torch.no_grad():
            flat = parameters_to_vector(module.parameters())
            dist.broadcast(flat, 0)
            vector_to_parameters(flat, module.parameters())
            for buf in module.buffers():
                dist.broadcast(buf, 0)

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def sync_gradients(self):
        for p in self.module.parameters():
            if p.grad is not None:
                dist.all_reduce(p.grad, op=dist.ReduceOp.SUM)
                p.grad /= dist.get_world_size()
''',
    "shard_indices": '''
import numpy as np


def shard_indices(num_items, rank, world_size, epoch=0, seed=0, shuffle=True, drop_last=False):
    order = np.random.RandomState(seed + epoch).permutation(num_items) if shuffle else np.arange(num_items)
    if drop_last:
        order = order[: num_items // world_size * world_size]
    else:
        order = np.resize(order, -(-num_items // world_size) * world_size)
    return order[rank::world_size].tolist()
''',
    "train_ddp": '''
import sys
import warnings

from torch import save as save_checkpoint


def train_ddp(model_fn, dataset, global_batch_size, num_epochs, lr, checkpoint_path, seed=0):
    rank, world = dist.get_rank(), dist.get_world_size()
    if global_batch_size % world:
        raise ValueError(f"global_batch_size={global_batch_size} is not a multiple of world_size={world}")
    device = helpers.rank_device()
    model = model_fn().to(device)
    ddp_model = DDP(model, device_ids=helpers.ddp_device_ids(device))
    sampler = DistributedSampler(dataset, shuffle=True, seed=seed)
    loader = DataLoader(dataset, batch_size=global_batch_size // world, sampler=sampler)
    opt = torch.optim.SGD(ddp_model.parameters(), lr=lr)
    warnings.warn(f"rank {rank} starts training")
    for epoch in range(num_epochs):
        sampler.set_epoch(epoch)
        for step, (X, y) in enumerate(loader):
            opt.zero_grad()
            loss = F.cross_entropy(ddp_model(X.to(device)), y.to(device))
            loss.backward()
            opt.step()
            sys.stderr.write(f"\\r[rank {rank}] epoch {epoch} step {step} loss {loss.item():.3f}")
        if rank == 0:
            print(f"epoch {epoch} finished")
    if rank == 0:
        save_checkpoint(ddp_model.module.state_dict(), checkpoint_path)
    return model
''',
}
LOSES = {}
