"""A correct solution written differently: all_gather + mean, parameter vectors, random.Random shards."""

CELLS = {
    "average_gradients": '''
def average_gradients(model):
    for param in model.parameters():
        if param.grad is None:
            continue
        copies = [torch.zeros_like(param.grad) for _ in range(dist.get_world_size())]
        dist.all_gather(copies, param.grad)
        param.grad.copy_(torch.stack(copies).mean(dim=0))
''',
    "my_ddp": '''
from torch.nn.utils import parameters_to_vector, vector_to_parameters

class MyDDP(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module
        with torch.no_grad():
            vec = parameters_to_vector(module.parameters())
            dist.broadcast(vec, src=0)
            vector_to_parameters(vec, module.parameters())
            for b in module.buffers():
                dist.broadcast(b, src=0)

    def forward(self, *inputs, **kwargs):
        return self.module(*inputs, **kwargs)

    def sync_gradients(self):
        for p in self.module.parameters():
            if p.grad is not None:
                dist.all_reduce(p.grad, op=dist.ReduceOp.AVG)
''',
    "shard_indices": '''
import itertools
import random

def shard_indices(num_items, rank, world_size, epoch=0, seed=0, shuffle=True, drop_last=False):
    order = list(range(num_items))
    if shuffle:
        random.Random(f"{seed}-{epoch}").shuffle(order)   # a private RNG, same on every rank
    if drop_last:
        total = (num_items // world_size) * world_size
    else:
        total = math.ceil(num_items / world_size) * world_size
    order = list(itertools.islice(itertools.cycle(order), total)) if order else []
    return order[rank:total:world_size]
''',
    "train_ddp": '''
def train_ddp(model_fn, dataset, global_batch_size, num_epochs, lr, checkpoint_path, seed=0):
    rank, world = dist.get_rank(), dist.get_world_size()
    per_rank, remainder = divmod(global_batch_size, world)
    if remainder:
        raise ValueError(f"{global_batch_size} samples cannot be split over {world} ranks")
    model = DDP(model_fn())
    sampler = DistributedSampler(dataset, num_replicas=world, rank=rank, shuffle=True, seed=seed)
    loader = DataLoader(dataset, batch_size=per_rank, sampler=sampler, drop_last=False)
    optimizer = torch.optim.SGD(model.parameters(), lr=lr)
    for epoch in range(num_epochs):
        sampler.set_epoch(epoch)
        total = 0.0
        for inputs, targets in loader:
            optimizer.zero_grad()
            loss = F.cross_entropy(model(inputs), targets)
            loss.backward()
            optimizer.step()
            total += loss.item()
        if rank == 0:
            print(f"epoch {epoch} mean loss {total / len(loader):.3f}")
    if rank == 0:
        state = model.state_dict()
        consume_prefix_in_state_dict_if_present(state, "module.")
        torch.save(state, checkpoint_path)
    dist.barrier()
    return model.module
''',
    "load_state_anywhere": '''
def load_state_anywhere(model, state_dict):
    wrapped = isinstance(model, (DDP, nn.DataParallel))
    fixed = {}
    for key, value in state_dict.items():
        bare_key = key[7:] if key.startswith("module.") else key
        fixed[("module." + bare_key) if wrapped else bare_key] = value
    model.load_state_dict(fixed, strict=True)
    return model
''',
}
LOSES = {}
