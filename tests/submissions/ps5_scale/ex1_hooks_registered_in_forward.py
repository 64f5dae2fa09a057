"""OverlapDDP registers its gradient hooks in forward(), so every step adds another set: from the second step on
each gradient is all-reduced several times (summed again and again)."""

CELLS = {
    "overlap_ddp": '''
class OverlapDDP(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module
        self.handles = []
        for p in module.parameters():
            dist.broadcast(p.data, src=0)

    def _hook(self, p):
        self.handles.append(dist.all_reduce(p.grad, async_op=True))

    def forward(self, *args, **kwargs):
        for p in self.module.parameters():
            p.register_post_accumulate_grad_hook(self._hook)
        return self.module(*args, **kwargs)

    def finish_gradient_synchronization(self):
        for h in self.handles:
            h.wait()
        self.handles = []
        for p in self.module.parameters():
            p.grad /= dist.get_world_size()
''',
}
LOSES = {
    "overlap_ddp_matches_reference": "after step 2",
    "overlap_ddp_overlaps": "issue exactly one all-reduce per parameter per step",
}
