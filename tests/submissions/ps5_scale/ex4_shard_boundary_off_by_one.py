"""ShardedOptimizer gives the extra parameters to the last ranks instead of the first: consistent, so the
results are right, but the shards are not the blocks the exercise states."""

CELLS = {
    "zero1": '''
class ShardedOptimizer:
    def __init__(self, params, optimizer_cls, **kwargs):
        self.params = list(params)
        world, rank = dist.get_world_size(), dist.get_rank()
        per_rank = len(self.params) // world
        self.owner = [min(i // per_rank, world - 1) if per_rank else world - 1 for i in range(len(self.params))]
        self.optimizer = optimizer_cls([p for p, o in zip(self.params, self.owner) if o == rank], **kwargs)

    def zero_grad(self):
        for p in self.params:
            p.grad = None

    def step(self):
        self.optimizer.step()
        with torch.no_grad():
            for p, o in zip(self.params, self.owner):
                dist.broadcast(p, src=o)
''',
}
LOSES = {
    "zero1_matches_adam": "the rank the exercise assigns it",
    "zero1_state_sharded": "off by one",
}
