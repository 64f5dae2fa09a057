"""OverlapDDP registers its hook on each Linear's weight and forgets the biases: their gradients are never
all-reduced, so the ranks drift apart."""

CELLS = {
    "overlap_ddp": '''
class OverlapDDP(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module
        self.handles = []
        for p in module.parameters():
            dist.broadcast(p.data, src=0)
        for layer in module.modules():
            if isinstance(layer, nn.Linear):
                layer.weight.register_post_accumulate_grad_hook(
                    lambda w: self.handles.append(dist.all_reduce(w.grad, async_op=True)))

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def finish_gradient_synchronization(self):
        for h in self.handles:
            h.wait()
        self.handles = []
        for layer in self.module.modules():
            if isinstance(layer, nn.Linear):
                layer.weight.grad /= dist.get_world_size()
''',
}
LOSES = {
    "overlap_ddp_matches_reference": "not averaged over the ranks",
    "overlap_ddp_overlaps": "every parameter's gradient needs its own all-reduce",
}
