"""ShardedOptimizer builds the inner optimizer over every parameter: the results are right, but every rank
keeps (and computes) the whole Adam state, so nothing is sharded."""

CELLS = {
    "zero1": '''
class ShardedOptimizer:
    def __init__(self, params, optimizer_cls, **kwargs):
        self.params = list(params)
        self.optimizer = optimizer_cls(self.params, **kwargs)

    def zero_grad(self):
        self.optimizer.zero_grad()

    def step(self):
        self.optimizer.step()
''',
}
LOSES = {
    "zero1_matches_adam": "ranks hold different parameters",
    "zero1_state_sharded": "every rank stepped every parameter",
}
