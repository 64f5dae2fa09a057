"""MyDDP broadcasts from the last rank instead of rank 0 (the ranks agree, on the wrong weights)."""

CELLS = {
    "my_ddp": '''
class MyDDP(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module
        last = dist.get_world_size() - 1
        with torch.no_grad():
            for t in list(module.parameters()) + list(module.buffers()):
                dist.broadcast(t, src=last)

    def forward(self, x):
        return self.module(x)

    def sync_gradients(self):
        for p in self.module.parameters():
            if p.grad is not None:
                dist.all_reduce(p.grad)
                p.grad /= dist.get_world_size()
''',
}
LOSES = {
    "my_ddp_broadcasts_initial_weights": "rank 0",
}
