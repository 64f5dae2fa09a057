"""OverlapDDP's hook calls a blocking all_reduce: the results are right, but each all-reduce finishes before
the next gradient is computed, so nothing overlaps the backward pass."""

CELLS = {
    "overlap_ddp": '''
class OverlapDDP(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module
        for p in module.parameters():
            dist.broadcast(p.data, src=0)
            p.register_post_accumulate_grad_hook(lambda p: dist.all_reduce(p.grad))

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def finish_gradient_synchronization(self):
        for p in self.module.parameters():
            p.grad /= dist.get_world_size()
''',
}
LOSES = {
    "overlap_ddp_overlaps": "waited on inside the backward pass",
}
