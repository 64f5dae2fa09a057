"""OverlapDDP starts the asynchronous all-reduces only in finish_gradient_synchronization, after backward
returned (problem set 2's MyDDP with handles): correct results, no overlap."""

CELLS = {
    "overlap_ddp": '''
class OverlapDDP(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module
        for p in module.parameters():
            dist.broadcast(p.data, src=0)

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def finish_gradient_synchronization(self):
        handles = [dist.all_reduce(p.grad, async_op=True) for p in self.module.parameters() if p.grad is not None]
        for h in handles:
            h.wait()
        for p in self.module.parameters():
            if p.grad is not None:
                p.grad.div_(dist.get_world_size())
''',
}
LOSES = {
    "overlap_ddp_overlaps": "after backward() returned",
}
