"""ShardedOptimizer steps its own shard and never shares the updated parameters: each rank's copy of the
other shards stays at its initial values."""

CELLS = {
    "zero1": '''
class ShardedOptimizer:
    def __init__(self, params, optimizer_cls, **kwargs):
        self.params = list(params)
        n, r = dist.get_world_size(), dist.get_rank()
        chunks = [list(c) for c in __import__("numpy").array_split(range(len(self.params)), n)]
        self.optimizer = optimizer_cls([self.params[i] for i in chunks[r]], **kwargs)

    def zero_grad(self):
        for p in self.params:
            p.grad = None

    def step(self):
        self.optimizer.step()
''',
}
LOSES = {
    "zero1_matches_adam": "broadcast from its owner",
}
