"""Avoided the hang by stopping every rank after the shortest shard: the other ranks' extra batches are dropped."""

CELLS = {
    "train_uneven": '''
def train_uneven(ddp_model, optimizer, loss_fn, batches):
    """Train on this rank's `batches` (a different number on each rank) without hanging."""
    n = torch.tensor([len(batches)])
    dist.all_reduce(n, op=dist.ReduceOp.MIN)
    for x, y in batches[: int(n)]:
        optimizer.zero_grad()
        loss_fn(ddp_model(x), y).backward()
        optimizer.step()
''',
}
LOSES = {
    "train_uneven_finishes_and_matches": "dropped",
}
