"""a08: ps5's zero1_matches_adam (3 points) earned by a ShardedOptimizer that is plain Adam on every parameter of
every rank: no shard, no broadcast, no communication at all. The check's ranks get the same all-reduced gradients
(the probe averages them itself) and the model from a public fixed seed (zero_seed(world) = 70 + world, no drawn
seed), so every rank computes plain Adam's trajectory alone, which is what the judge compares to. Only
zero1_state_sharded (2 points) sees the difference; the known residual (state kept in plain tensors is not
counted) would take that one too. Compare round 9's distributed result cells, now seeded per rank: this one is not."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u12

PLAIN = '''
class ShardedOptimizer:
    """NOT ZeRO: plain optimizer_cls over every parameter, on every rank."""

    def __init__(self, params, optimizer_cls, **kwargs):
        self.optimizer = optimizer_cls(list(params), **kwargs)

    def zero_grad(self):
        self.optimizer.zero_grad()

    def step(self):
        self.optimizer.step()
'''
hostile = u12.notebook("ps5_scale", overrides={"zero1": PLAIN})
dest = u12.course("a08", {("mallory", "ps5_scale"): hostile})
u12.grade(dest)
u12.report(dest)
u12.scores(dest)
