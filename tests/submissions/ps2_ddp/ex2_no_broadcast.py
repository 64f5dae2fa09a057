"""MyDDP only averages gradients: it never broadcasts rank 0's initial weights."""

CELLS = {
    "my_ddp": '''
class MyDDP(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module

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
    "my_ddp_broadcasts_initial_weights": "broadcast",
}
