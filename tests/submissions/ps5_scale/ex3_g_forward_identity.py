"""g (ReduceFromTensorParallel) forgets its all-reduce: forward returns the rank's partial result unchanged, so
the row-parallel layer's outputs are never summed over the ranks."""

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
        return x.view_as(x)

    @staticmethod
    def backward(ctx, grad):
        return grad
''',
}
LOSES = {
    "tp_operators_forward_backward": "the forward pass returned the input unchanged",
    "tp_mlp_matches_reference": "the output differs from the unsplit",
    "tp_mlp_communication": "0 all-reduces in the forward pass",
}
