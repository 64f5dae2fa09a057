"""The column-parallel layer applies its weight to x directly, without f: the forward is right, but no
all-reduce sums the input's gradient in backward, so each rank keeps only its part of it."""

CELLS = {
    "tp_mlp": '''
class ColumnParallelLinear(nn.Module):
    def __init__(self, linear):
        super().__init__()
        n, r = dist.get_world_size(), dist.get_rank()
        self.weight = nn.Parameter(linear.weight.detach().chunk(n, dim=0)[r].clone())
        self.bias = nn.Parameter(linear.bias.detach().chunk(n)[r].clone())

    def forward(self, x):
        return F.linear(x, self.weight, self.bias)


class RowParallelLinear(nn.Module):
    def __init__(self, linear):
        super().__init__()
        n, r = dist.get_world_size(), dist.get_rank()
        self.weight = nn.Parameter(linear.weight.detach().chunk(n, dim=1)[r].clone())
        self.bias = nn.Parameter(linear.bias.detach().clone())

    def forward(self, x):
        return ReduceFromTensorParallel.apply(F.linear(x, self.weight)) + self.bias


class TensorParallelMLP(nn.Module):
    def __init__(self, fc1, fc2):
        super().__init__()
        self.fc1 = ColumnParallelLinear(fc1)
        self.fc2 = RowParallelLinear(fc2)

    def forward(self, x):
        return self.fc2(F.gelu(self.fc1(x)))
''',
}
LOSES = {
    "tp_mlp_matches_reference": "input's gradient differs",
    "tp_mlp_communication": "0 all-reduces in the backward pass",
}
