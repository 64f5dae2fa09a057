"""MyDDP broadcasts the parameters but forgets the buffers (BatchNorm statistics would drift apart)."""

CELLS = {
    "my_ddp": '''
class MyDDP(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module
        with torch.no_grad():
            for p in module.parameters():
                dist.broadcast(p, src=0)

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def sync_gradients(self):
        for p in self.module.parameters():
            if p.grad is not None:
                dist.all_reduce(p.grad)
                p.grad /= dist.get_world_size()
''',
}
LOSES = {
    "my_ddp_broadcasts_initial_weights": "buffers",
}
