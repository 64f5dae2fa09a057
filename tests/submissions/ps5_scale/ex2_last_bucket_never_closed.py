"""BucketedDDP closes a bucket only when the next parameter would overflow it and forgets the last bucket after
the loop: the first layer's gradients are never all-reduced."""

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
        self.index = {p: i for i, b in enumerate(self.buckets) for p in b}
        self.count = [0] * len(self.buckets)
        self.work = []
        for b in self.buckets:
            for p in b:
                p.register_post_accumulate_grad_hook(self._ready)

    def _ready(self, p):
        i = self.index[p]
        self.count[i] += 1
        if self.count[i] == len(self.buckets[i]):
            flat = torch.cat([q.grad.flatten() for q in self.buckets[i]])
            self.work.append((dist.all_reduce(flat, async_op=True), flat, i))

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def finish_gradient_synchronization(self):
        for handle, flat, i in self.work:
            handle.wait()
            flat /= dist.get_world_size()
            grads = [q.grad for q in self.buckets[i]]
            for g, v in zip(grads, torch.split(flat, [g.numel() for g in grads])):
                g.copy_(v.view_as(g))
        self.work = []
        self.count = [0] * len(self.buckets)
''',
}
LOSES = {
    "bucketed_ddp_matches_reference": "not averaged over the ranks",
    "bucketed_ddp_one_all_reduce_per_bucket": "some bucket's all-reduce was never issued",
}
