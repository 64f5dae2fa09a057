"""Correct, written differently: OverlapDDP keeps a dict of handles and divides with torch._foreach_div_;
BucketedDDP preallocates one flat buffer per bucket, copies each gradient into its slot as it arrives and
points .grad at views of the buffer; the tensor-parallel layers cut their shards with tensor_split and
compute with matmul."""

CELLS = {
    "overlap_ddp": '''
class OverlapDDP(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module
        self._pending = {}
        with torch.no_grad():
            for p in module.parameters():
                dist.broadcast(p, 0)
        for name, p in module.named_parameters():
            if p.requires_grad:
                p.register_post_accumulate_grad_hook(
                    lambda param, name=name: self._pending.__setitem__(name, dist.all_reduce(param.grad, async_op=True)))

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def finish_gradient_synchronization(self):
        for work in self._pending.values():
            work.wait()
        self._pending = {}
        grads = [p.grad for p in self.module.parameters() if p.grad is not None]
        torch._foreach_div_(grads, float(dist.get_world_size()))
''',
    "bucketed_ddp": '''
class BucketedDDP(nn.Module):
    def __init__(self, module, bucket_size_bytes):
        super().__init__()
        self.module = module
        with torch.no_grad():
            for p in module.parameters():
                dist.broadcast(p, 0)
        trainable = [p for p in module.parameters() if p.requires_grad][::-1]
        groups = [[]]
        for p in trainable:
            used = sum(q.numel() * q.element_size() for q in groups[-1])
            if groups[-1] and used + p.numel() * p.element_size() > bucket_size_bytes:
                groups.append([])
            groups[-1].append(p)
        self.buckets = groups
        self._buffers = [torch.zeros(sum(p.numel() for p in g), dtype=g[0].dtype, device=g[0].device) for g in groups]
        self._slot = {}
        for b, group in enumerate(groups):
            offset = 0
            for p in group:
                self._slot[p] = (b, offset)
                offset += p.numel()
        self._left = [len(g) for g in groups]
        self._work = []
        for p in trainable:
            p.register_post_accumulate_grad_hook(self._on_grad)

    def _on_grad(self, p):
        b, offset = self._slot[p]
        self._buffers[b][offset:offset + p.numel()].copy_(p.grad.reshape(-1))
        self._left[b] -= 1
        if self._left[b] == 0:
            self._work.append((b, dist.all_reduce(self._buffers[b], async_op=True)))

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def finish_gradient_synchronization(self):
        n = dist.get_world_size()
        for b, work in self._work:
            work.wait()
            self._buffers[b].div_(n)
            for p in self.buckets[b]:
                _, offset = self._slot[p]
                p.grad = self._buffers[b][offset:offset + p.numel()].view_as(p).clone()
        self._work.clear()
        self._left = [len(g) for g in self.buckets]
''',
    "tp_operators": '''
class CopyToTensorParallel(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.clone()

    @staticmethod
    def backward(ctx, grad_output):
        total = grad_output.clone()
        dist.all_reduce(total, op=dist.ReduceOp.SUM)
        return total


class ReduceFromTensorParallel(torch.autograd.Function):
    @staticmethod
    def forward(ctx, partial):
        total = partial.clone()
        dist.all_reduce(total, op=dist.ReduceOp.SUM)
        return total

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output.clone()
''',
    "tp_mlp": '''
class ColumnParallelLinear(nn.Module):
    def __init__(self, linear):
        super().__init__()
        r, n = dist.get_rank(), dist.get_world_size()
        self.weight = nn.Parameter(torch.tensor_split(linear.weight.detach(), n, dim=0)[r].contiguous().clone())
        self.bias = nn.Parameter(torch.tensor_split(linear.bias.detach(), n)[r].contiguous().clone())

    def forward(self, x):
        return CopyToTensorParallel.apply(x) @ self.weight.t() + self.bias


class RowParallelLinear(nn.Module):
    def __init__(self, linear):
        super().__init__()
        r, n = dist.get_rank(), dist.get_world_size()
        self.weight = nn.Parameter(torch.tensor_split(linear.weight.detach(), n, dim=1)[r].contiguous().clone())
        self.bias = nn.Parameter(linear.bias.detach().clone())

    def forward(self, x):
        return ReduceFromTensorParallel.apply(x @ self.weight.t()) + self.bias


class TensorParallelMLP(nn.Module):
    def __init__(self, fc1, fc2):
        super().__init__()
        self.fc1, self.act, self.fc2 = ColumnParallelLinear(fc1), nn.GELU(), RowParallelLinear(fc2)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))
''',
}
LOSES = {}
