"""OverlapDDP starts each all-reduce from a hook with async_op=True but never waits on the handles: it calls
dist.barrier() instead, which happens to let gloo's pending all-reduces finish but is no wait on the work."""

CELLS = {
    "overlap_ddp": '''
class OverlapDDP(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module
        for p in module.parameters():
            dist.broadcast(p.data, src=0)
            p.register_post_accumulate_grad_hook(self._reduce)

    def _reduce(self, p):
        dist.all_reduce(p.grad, async_op=True)   # runs in the background while backward goes on

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def finish_gradient_synchronization(self):
        dist.barrier()   # every rank has finished its backward, so the all-reduces are done
        for p in self.module.parameters():
            p.grad /= dist.get_world_size()
''',
}
LOSES = {
    "overlap_ddp_overlaps": "never waited on",
}
