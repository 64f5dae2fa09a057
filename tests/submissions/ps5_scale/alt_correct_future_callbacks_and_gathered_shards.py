"""Correct, written differently: OverlapDDP divides each gradient in a callback chained on its all-reduce's future
(Work.get_future().then) and waits on the work and the callback; ShardedOptimizer cuts the shards with bounds
computed once, packs its updated shard into a padded flat buffer and shares every shard with one
all_gather_into_tensor instead of a broadcast per parameter."""

CELLS = {
    "overlap_ddp": '''
class OverlapDDP(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module
        self.world = dist.get_world_size()
        self.pending = []
        with torch.no_grad():
            for p in module.parameters():
                dist.broadcast(p, src=0)
        for p in module.parameters():
            if p.requires_grad:
                p.register_post_accumulate_grad_hook(self._launch)

    def _launch(self, p):
        work = dist.all_reduce(p.grad, async_op=True)
        world = self.world
        averaged = work.get_future().then(lambda fut: fut.value()[0].div_(world))
        self.pending.append((work, averaged))

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def finish_gradient_synchronization(self):
        for work, averaged in self.pending:
            work.wait()
            averaged.wait()   # the division ran in the callback
        self.pending.clear()
''',
    "zero1": '''
class ShardedOptimizer:
    def __init__(self, params, optimizer_cls, **kwargs):
        self.params = list(params)
        self.world, self.rank = dist.get_world_size(), dist.get_rank()
        base, extra = divmod(len(self.params), self.world)
        bounds = [0]
        for r in range(self.world):
            bounds.append(bounds[-1] + base + (1 if r < extra else 0))
        self.shards = [self.params[bounds[r]:bounds[r + 1]] for r in range(self.world)]
        self.optimizer = optimizer_cls(self.shards[self.rank], **kwargs)
        self.numels = [sum(p.numel() for p in shard) for shard in self.shards]
        self.padded = max(self.numels)

    def zero_grad(self):
        for p in self.params:
            p.grad = None

    @torch.no_grad()
    def step(self):
        self.optimizer.step()
        like = self.params[0]
        mine = torch.zeros(self.padded, dtype=like.dtype, device=like.device)
        if self.shards[self.rank]:
            packed = torch.cat([p.reshape(-1) for p in self.shards[self.rank]])
            mine[:packed.numel()] = packed
        gathered = torch.empty(self.world * self.padded, dtype=like.dtype, device=like.device)
        dist.all_gather_into_tensor(gathered, mine)
        for r, shard in enumerate(self.shards):
            chunk = gathered[r * self.padded:r * self.padded + self.numels[r]]
            for p, values in zip(shard, torch.split(chunk, [p.numel() for p in shard])):
                p.copy_(values.view_as(p))
''',
}
LOSES = {}
