"""A correct solution the way a strong student writes it from the docs: flattened buckets
(torch._utils._flatten_dense_tensors) with SUM then divide, torch's own DistributedSampler inside
shard_indices, DDP(find_unused_parameters=True) (whose C++ warning goes to stderr), logging on
rank 0, warnings, str.removeprefix for checkpoints."""

CELLS = {
    "average_gradients": '''
from torch._utils import _flatten_dense_tensors, _unflatten_dense_tensors


def average_gradients(model):
    grads = [p.grad for p in model.parameters() if p.grad is not None]
    if not grads:
        return
    bucket = _flatten_dense_tensors(grads)
    dist.all_reduce(bucket, op=dist.ReduceOp.SUM)
    bucket /= dist.get_world_size()
    for grad, synced in zip(grads, _unflatten_dense_tensors(bucket, grads)):
        grad.copy_(synced)
''',
    "my_ddp": '''
import warnings

from torch._utils import _flatten_dense_tensors, _unflatten_dense_tensors


class MyDDP(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module
        with torch.no_grad():
            for _, tensor in [*module.named_parameters(), *module.named_buffers()]:
                dist.broadcast(tensor, src=0)
        if dist.get_rank() == 0:
            warnings.warn("MyDDP: initial weights broadcast from rank 0")

    def forward(self, *inputs, **kwargs):
        return self.module(*inputs, **kwargs)

    def sync_gradients(self):
        grads = [p.grad for p in self.module.parameters() if p.grad is not None]
        bucket = _flatten_dense_tensors(grads)
        dist.all_reduce(bucket)
        bucket.div_(dist.get_world_size())
        for grad, synced in zip(grads, _unflatten_dense_tensors(bucket, grads)):
            grad.copy_(synced)
''',
    "shard_indices": '''
def shard_indices(num_items, rank, world_size, epoch=0, seed=0, shuffle=True, drop_last=False):
    sampler = DistributedSampler(range(num_items), num_replicas=world_size, rank=rank, shuffle=shuffle,
                                 seed=seed, drop_last=drop_last)
    sampler.set_epoch(epoch)
    return list(sampler)
''',
    "train_ddp": '''
import logging

logger = logging.getLogger("train_ddp")


def train_ddp(model_fn, dataset, global_batch_size, num_epochs, lr, checkpoint_path, seed=0):
    world_size = dist.get_world_size()
    if global_batch_size % world_size != 0:
        raise ValueError(f"cannot split a global batch of {global_batch_size} over {world_size} ranks")
    device = helpers.rank_device()
    model = model_fn().to(device)
    ddp = DDP(model, device_ids=helpers.ddp_device_ids(device), find_unused_parameters=True)
    sampler = DistributedSampler(dataset, shuffle=True, seed=seed)
    loader = DataLoader(dataset, batch_size=global_batch_size // world_size, sampler=sampler)
    optimizer = torch.optim.SGD(ddp.parameters(), lr=lr)
    for epoch in range(num_epochs):
        sampler.set_epoch(epoch)
        for X, y in loader:
            X, y = X.to(device), y.to(device)
            optimizer.zero_grad(set_to_none=True)
            loss = F.cross_entropy(ddp(X), y)
            loss.backward()
            optimizer.step()
        if dist.get_rank() == 0:
            logger.warning("epoch %d loss %.4f", epoch, loss.item())
    if dist.get_rank() == 0:
        torch.save(ddp.module.state_dict(), checkpoint_path)
    dist.barrier()
    return ddp.module
''',
    "load_state_anywhere": '''
def load_state_anywhere(model, state_dict):
    inner = model.module if isinstance(model, (DDP, nn.DataParallel)) else model
    inner.load_state_dict({key.removeprefix("module."): value for key, value in state_dict.items()}, strict=True)
    return model
''',
}
LOSES = {}
