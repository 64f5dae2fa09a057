"""f's backward averages the partial gradients over the ranks (as data parallelism does) instead of summing them."""

CELLS = {
    "tp_operators": '''
class CopyToTensorParallel(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.view_as(x)

    @staticmethod
    def backward(ctx, grad):
        grad = grad.contiguous().clone()
        dist.all_reduce(grad)
        return grad / dist.get_world_size()


class ReduceFromTensorParallel(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x = x.clone()
        dist.all_reduce(x)
        return x

    @staticmethod
    def backward(ctx, grad):
        return grad
''',
}
LOSES = {
    "tp_operators_forward_backward": "the backward pass averaged the gradients",
    "tp_mlp_matches_reference": "input's gradient differs",
}
