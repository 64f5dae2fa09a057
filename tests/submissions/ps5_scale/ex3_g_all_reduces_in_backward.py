"""g (ReduceFromTensorParallel) all-reduces in backward as well as in forward, as if an all-reduce were its own
adjoint: every rank already holds the whole output gradient, which is then summed world-size times over."""

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
        return grad


class ReduceFromTensorParallel(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x = x.clone()
        dist.all_reduce(x)
        return x

    @staticmethod
    def backward(ctx, grad):
        grad = grad.contiguous().clone()
        dist.all_reduce(grad)
        return grad
''',
}
LOSES = {
    "tp_operators_forward_backward": "g's backward is the identity",
    "tp_mlp_matches_reference": "differs",
    "tp_mlp_communication": "2 all-reduces in the backward pass",
}
