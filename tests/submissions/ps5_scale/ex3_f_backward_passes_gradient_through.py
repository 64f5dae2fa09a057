"""f (CopyToTensorParallel) is the identity both ways: its backward returns the rank's own partial gradient
instead of summing the partial gradients over the ranks."""

CELLS = {
    "tp_operators": '''
class CopyToTensorParallel(torch.autograd.Function):
    """Copy the input to the tensor-parallel region: every rank already holds it."""
    @staticmethod
    def forward(ctx, x):
        return x.view_as(x)

    @staticmethod
    def backward(ctx, grad):
        return grad


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
    "tp_operators_forward_backward": "passed the gradient through unchanged",
    "tp_mlp_matches_reference": "input's gradient differs",
    "tp_mlp_communication": "0 all-reduces in the backward pass",
}
