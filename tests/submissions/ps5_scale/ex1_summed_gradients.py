"""OverlapDDP waits on its handles but never divides: the gradients are summed over the ranks."""

CELLS = {
    "overlap_ddp": '''
class OverlapDDP(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module
        self.handles = []
        for p in module.parameters():
            dist.broadcast(p.data, src=0)
            p.register_post_accumulate_grad_hook(self._hook)

    def _hook(self, p):
        self.handles.append(dist.all_reduce(p.grad, op=dist.ReduceOp.SUM, async_op=True))

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def finish_gradient_synchronization(self):
        for h in self.handles:
            h.wait()
        self.handles = []
''',
}
LOSES = {
    "overlap_ddp_matches_reference": "summed over the ranks",
}
