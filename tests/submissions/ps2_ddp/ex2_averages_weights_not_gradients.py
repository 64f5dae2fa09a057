"""MyDDP.sync_gradients averages the weights instead of the gradients (a no-op before the step)."""

CELLS = {
    "my_ddp": '''
class MyDDP(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module
        with torch.no_grad():
            for t in [*module.parameters(), *module.buffers()]:
                dist.broadcast(t, 0)

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def sync_gradients(self):
        with torch.no_grad():
            for p in self.module.parameters():
                dist.all_reduce(p.data)
                p.data /= dist.get_world_size()
''',
}
LOSES = {
    "my_ddp_matches_large_batch": "never all-reduced",
}
