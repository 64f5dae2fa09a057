"""ShardedOptimizer is plain Adam over every parameter on every rank: no shard, no broadcast, no communication
(round 12, a08). The check gave every rank the same averaged gradients and a model from a public seed, so each
rank computed Adam's result alone. Now the model and each rank's part of the batch come from seeds drawn per
grading, and a rank gets the right gradient only for the parameters it owns (noise of its own for the others):
only taking each shard's update from its owner ends on Adam's result."""

CELLS = {
    "zero1": '''
class ShardedOptimizer:
    """NOT ZeRO: plain optimizer_cls over every parameter, on every rank."""

    def __init__(self, params, optimizer_cls, **kwargs):
        self.optimizer = optimizer_cls(list(params), **kwargs)

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

#: An attack on the grading found in a round: graded in every test run, not only by `make test-full`.
ATTACK = True
