"""OverlapDDP's hook broadcasts rank 0's gradient instead of all-reducing: every rank agrees, but on rank 0's
part of the batch only."""

CELLS = {
    "overlap_ddp": '''
class OverlapDDP(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module
        self.handles = []
        for p in module.parameters():
            dist.broadcast(p.data, src=0)
            p.register_post_accumulate_grad_hook(
                lambda p: self.handles.append(dist.broadcast(p.grad, src=0, async_op=True)))

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def finish_gradient_synchronization(self):
        for h in self.handles:
            h.wait()
        self.handles = []
''',
}
LOSES = {
    "overlap_ddp_matches_reference": "never all-reduced",
    "overlap_ddp_overlaps": "no all-reduce was issued",
}
