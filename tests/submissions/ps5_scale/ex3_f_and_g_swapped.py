"""The conjugate operators swapped: f all-reduces in forward and g in backward. g(f(x)) still sums once each
way, so the visible check passes, but each operator alone is wrong and so is the MLP block."""

CELLS = {
    "tp_operators": '''
class CopyToTensorParallel(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        out = x.clone()
        dist.all_reduce(out)
        return out

    @staticmethod
    def backward(ctx, grad):
        return grad


class ReduceFromTensorParallel(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.clone()

    @staticmethod
    def backward(ctx, grad):
        grad = grad.clone()
        dist.all_reduce(grad)
        return grad
''',
}
LOSES = {
    "tp_operators_forward_backward": "swapped",
    "tp_mlp_matches_reference": "differs from the unsplit",
    "tp_mlp_communication": "all-reduce carries 24 elements",   # the input, where the partial output belongs
}
