"""The row-parallel layer adds its bias before the all-reduce, on every rank: the output holds it n times."""

CELLS = {
    "tp_mlp": '''
class ColumnParallelLinear(nn.Module):
    def __init__(self, linear):
        super().__init__()
        n, r = dist.get_world_size(), dist.get_rank()
        self.weight = nn.Parameter(linear.weight.detach().chunk(n, dim=0)[r].clone())
        self.bias = nn.Parameter(linear.bias.detach().chunk(n)[r].clone())

    def forward(self, x):
        return F.linear(CopyToTensorParallel.apply(x), self.weight, self.bias)


class RowParallelLinear(nn.Module):
    def __init__(self, linear):
        super().__init__()
        n, r = dist.get_world_size(), dist.get_rank()
        self.weight = nn.Parameter(linear.weight.detach().chunk(n, dim=1)[r].clone())
        self.bias = nn.Parameter(linear.bias.detach().clone())

    def forward(self, x):
        return ReduceFromTensorParallel.apply(F.linear(x, self.weight, self.bias))


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
    "tp_mlp_matches_reference": "fc2's bias",
}
