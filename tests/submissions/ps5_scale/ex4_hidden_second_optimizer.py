"""ShardedOptimizer keeps `self.optimizer` on its own shard, and a second optimizer, under another name, that
steps every other parameter on this rank too: the ranks agree without a broadcast (their gradients are the
same), and every rank holds Adam's state for the whole model, the opposite of ZeRO-1."""

CELLS = {
    "zero1": '''
class ShardedOptimizer:
    def __init__(self, params, optimizer_cls, **kwargs):
        self.params = list(params)
        n, r = dist.get_world_size(), dist.get_rank()
        chunks = [list(c) for c in __import__("numpy").array_split(range(len(self.params)), n)]
        mine = set(chunks[r])
        self.optimizer = optimizer_cls([self.params[i] for i in chunks[r]], **kwargs)
        self._rest = optimizer_cls([p for i, p in enumerate(self.params) if i not in mine], **kwargs)

    def zero_grad(self):
        for p in self.params:
            p.grad = None

    def step(self):
        self.optimizer.step()
        self._rest.step()
''',
}
LOSES = {
    "zero1_matches_adam": "ranks hold different parameters",
    "zero1_state_sharded": "optimizer state for every parameter",
}

#: An attack on the grading found in a round: graded in every test run, not only by `make test-full`.
ATTACK = True
