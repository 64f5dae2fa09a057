"""OverlapDDP counts the gradients as they arrive and starts every all-reduce from the hook of the last one:
the all-reduces are issued inside backward, but only once every gradient is ready, so nothing overlaps."""

CELLS = {
    "overlap_ddp": '''
class OverlapDDP(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module
        self.params = [p for p in module.parameters() if p.requires_grad]
        self.ready = 0
        self.handles = []
        for p in self.params:
            dist.broadcast(p.data, src=0)
            p.register_post_accumulate_grad_hook(self._on_grad)

    def _on_grad(self, p):
        self.ready += 1
        if self.ready == len(self.params):   # all gradients are there: reduce them
            for q in self.params:
                self.handles.append(dist.all_reduce(q.grad, async_op=True))
            self.ready = 0

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def finish_gradient_synchronization(self):
        for h in self.handles:
            h.wait()
        self.handles = []
        for p in self.params:
            p.grad /= dist.get_world_size()
''',
}
LOSES = {
    "overlap_ddp_overlaps": "after the last gradient was ready",
}
