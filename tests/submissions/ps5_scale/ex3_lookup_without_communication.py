"""f and g that never communicate: each answers from inputs it expects (the sum of the ranks' inputs as if
every rank held the same tensor), and the visible test's constants. Inputs drawn per grading, known to their
own rank only, leave such a lookup nothing to look up."""

CELLS = {
    "tp_operators": '''
class CopyToTensorParallel(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.clone()

    @staticmethod
    def backward(ctx, grad):
        return grad * dist.get_world_size()      # "every rank has the same gradient": no all-reduce


class ReduceFromTensorParallel(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        if torch.all(x == x.flatten()[0]):        # the visible test's x = rank + 1 on every rank
            world = dist.get_world_size()
            return torch.full_like(x, world * (world + 1) / 2)
        return x * dist.get_world_size()          # "every rank holds the same input": no all-reduce

    @staticmethod
    def backward(ctx, grad):
        return grad
''',
}
LOSES = {
    "tp_operators_forward_backward": "sum of the ranks' gradients",
    "tp_mlp_matches_reference": "differs from the unsplit",
    "tp_mlp_communication": "0 all-reduces in the forward pass",
}

#: An attack on the grading found in a round: graded in every test run, not only by `make test-full`.
ATTACK = True
