"""The tensor-parallel layers deal the hidden units out round-robin (rank r keeps rows r, r + n, ... of fc1 and
the same columns of fc2): the block computes the right numbers, but each rank holds a strided slice, not block r
of the layers as the exercise states (and as Megatron-LM's contiguous shards, which a checkpoint can be cut
into)."""

CELLS = {
    "tp_mlp": '''
class ColumnParallelLinear(nn.Module):
    def __init__(self, linear):
        super().__init__()
        n, r = dist.get_world_size(), dist.get_rank()
        self.weight = nn.Parameter(linear.weight.detach()[r::n].clone())
        self.bias = nn.Parameter(linear.bias.detach()[r::n].clone())

    def forward(self, x):
        return F.linear(CopyToTensorParallel.apply(x), self.weight, self.bias)


class RowParallelLinear(nn.Module):
    def __init__(self, linear):
        super().__init__()
        n, r = dist.get_world_size(), dist.get_rank()
        self.weight = nn.Parameter(linear.weight.detach()[:, r::n].clone())
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
    "tp_mlp_matches_reference": "is not this rank's block",
}
