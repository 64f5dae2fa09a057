"""Three independent mistakes: average_gradients gives frozen parameters a zero .grad, shard_indices
seeds its shuffle with the epoch only (the seed is ignored), and load_state_anywhere strips the prefix
with str.lstrip("module."), which also eats the first letters of "encoder"."""

CELLS = {
    "average_gradients": '''
def average_gradients(model):
    for p in model.parameters():
        if p.grad is None:
            p.grad = torch.zeros_like(p)   # so that every rank all-reduces the same tensors
        dist.all_reduce(p.grad)
        p.grad /= dist.get_world_size()
''',
    "shard_indices": '''
def shard_indices(num_items, rank, world_size, epoch=0, seed=0, shuffle=True, drop_last=False):
    order = list(range(num_items))
    if shuffle:
        order = torch.randperm(num_items, generator=torch.Generator().manual_seed(epoch)).tolist()
    if drop_last:
        order = order[: num_items // world_size * world_size]
    else:
        total = math.ceil(num_items / world_size) * world_size
        while len(order) < total:
            order += order[: total - len(order)]
    return order[rank::world_size]
''',
    "load_state_anywhere": '''
def load_state_anywhere(model, state_dict):
    target = model.module if isinstance(model, (DDP, nn.DataParallel)) else model
    target.load_state_dict({k.lstrip("module."): v for k, v in state_dict.items()}, strict=True)
    return model
''',
}
LOSES = {
    "average_gradients_matches_large_batch": "skip parameters whose .grad is None",
    "shard_indices_reshuffles_by_epoch": "use the seed",
    "load_state_anywhere_all_directions": "lstrip",
}
