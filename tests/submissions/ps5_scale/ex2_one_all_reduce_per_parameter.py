"""BucketedDDP forms the buckets but still all-reduces each gradient on its own as it arrives."""

CELLS = {
    "bucketed_ddp": '''
class BucketedDDP(nn.Module):
    def __init__(self, module, bucket_size_bytes):
        super().__init__()
        self.module = module
        for p in module.parameters():
            dist.broadcast(p.data, src=0)
        self.buckets, current, size = [], [], 0
        for p in reversed(list(module.parameters())):
            nbytes = p.numel() * p.element_size()
            if current and size + nbytes > bucket_size_bytes:
                self.buckets.append(current)
                current, size = [], 0
            current.append(p)
            size += nbytes
        self.buckets.append(current)
        self.handles = []
        for p in module.parameters():
            p.register_post_accumulate_grad_hook(lambda p: self.handles.append(dist.all_reduce(p.grad, async_op=True)))

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def finish_gradient_synchronization(self):
        for h in self.handles:
            h.wait()
        self.handles = []
        for p in self.module.parameters():
            p.grad /= dist.get_world_size()
''',
}
LOSES = {
    "bucketed_ddp_one_all_reduce_per_bucket": "not one per parameter",
}
