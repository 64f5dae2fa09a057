"""ShardedOptimizer shards right and shares the updates, but ignores optimizer_cls and writes Adam's update by hand
on its shard: the numbers are Adam's, yet no torch.optim optimizer holds the state the exercise asks for."""

CELLS = {
    "zero1": '''
class ShardedOptimizer:
    def __init__(self, params, optimizer_cls, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, **kwargs):
        self.params = list(params)
        world, rank = dist.get_world_size(), dist.get_rank()
        base, extra = divmod(len(self.params), world)
        sizes = [base + (1 if r < extra else 0) for r in range(world)]
        self.owner = [r for r in range(world) for _ in range(sizes[r])]
        self.mine = [p for p, r in zip(self.params, self.owner) if r == rank]
        self.lr, self.betas, self.eps, self.t = lr, betas, eps, 0
        self.m = [torch.zeros_like(p) for p in self.mine]
        self.v = [torch.zeros_like(p) for p in self.mine]

    def zero_grad(self):
        for p in self.params:
            p.grad = None

    @torch.no_grad()
    def step(self):
        self.t += 1
        b1, b2 = self.betas
        for p, m, v in zip(self.mine, self.m, self.v):
            m.mul_(b1).add_(p.grad, alpha=1 - b1)
            v.mul_(b2).addcmul_(p.grad, p.grad, value=1 - b2)
            denom = (v.sqrt() / (1 - b2 ** self.t) ** 0.5).add_(self.eps)
            p.addcdiv_(m, denom, value=-self.lr / (1 - b1 ** self.t))
        for p, r in zip(self.params, self.owner):
            dist.broadcast(p, src=r)
''',
}
LOSES = {
    "zero1_state_sharded": "no torch.optim optimizer steps the model's parameters",
}
