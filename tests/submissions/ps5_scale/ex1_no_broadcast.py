"""OverlapDDP overlaps correctly but never broadcasts rank 0's weights: the ranks train different models."""

CELLS = {
    "overlap_ddp": '''
class OverlapDDP(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module
        self.handles = []
        for p in module.parameters():
            p.register_post_accumulate_grad_hook(lambda p: self.handles.append(dist.all_reduce(p.grad, async_op=True)))

    def forward(self, x):
        return self.module(x)

    def finish_gradient_synchronization(self):
        for h in self.handles:
            h.wait()
        self.handles.clear()
        for p in self.module.parameters():
            p.grad.div_(dist.get_world_size())
''',
}
LOSES = {
    "overlap_ddp_matches_reference": "broadcast rank 0's parameters",
}
