"""TensorParallelMLP without tensor parallelism (round 9): each layer keeps its block as its parameters but also a
full copy of the layer it was given as plain tensors, computes the whole block locally, and makes two one-element
all-reduces of zeros so that the count sees one in each pass. Round 9 earned all 4 points this way when every rank
was given the same full layers; now only a rank's own block of what it is given is the model's (the other blocks
differ from rank to rank), so the local result is wrong; and the check of the method sees what each all-reduce
carries (one element, where the output's or the input gradient's elements must be added up)."""

CELLS = {
    "tp_mlp": '''
class _ReduceNothingInBackward(torch.autograd.Function):
    @staticmethod
    def forward(ctx, h):
        return h.view_as(h)

    @staticmethod
    def backward(ctx, grad):
        dist.all_reduce(torch.zeros(1, device=grad.device))   # counted as "f's backward all-reduce"
        return grad


class ColumnParallelLinear(nn.Module):
    def __init__(self, linear):
        super().__init__()
        r, n = dist.get_rank(), dist.get_world_size()
        h = linear.out_features // n
        self.rows = slice(r * h, (r + 1) * h)
        self.weight = nn.Parameter(linear.weight.detach()[self.rows].clone())
        self.bias = nn.Parameter(linear.bias.detach()[self.rows].clone())
        self._W, self._b = linear.weight.detach().clone(), linear.bias.detach().clone()   # full copy, not counted

    def full(self):
        W = torch.cat([self._W[:self.rows.start], self.weight, self._W[self.rows.stop:]])
        b = torch.cat([self._b[:self.rows.start], self.bias, self._b[self.rows.stop:]])
        return W, b

    def forward(self, x):
        return F.linear(x, *self.full())


class RowParallelLinear(nn.Module):
    def __init__(self, linear):
        super().__init__()
        r, n = dist.get_rank(), dist.get_world_size()
        h = linear.in_features // n
        self.cols = slice(r * h, (r + 1) * h)
        self.weight = nn.Parameter(linear.weight.detach()[:, self.cols].clone())
        self.bias = nn.Parameter(linear.bias.detach().clone())
        self._W = linear.weight.detach().clone()                                           # full copy, not counted

    def forward(self, x):
        W = torch.cat([self._W[:, :self.cols.start], self.weight, self._W[:, self.cols.stop:]], dim=1)
        return F.linear(x, W, self.bias)


class TensorParallelMLP(nn.Module):
    def __init__(self, fc1, fc2):
        super().__init__()
        self.fc1, self.fc2 = ColumnParallelLinear(fc1), RowParallelLinear(fc2)

    def forward(self, x):
        h = _ReduceNothingInBackward.apply(F.gelu(self.fc1(x)))
        dist.all_reduce(torch.zeros(1, device=h.device))        # counted as "g's forward all-reduce"
        return self.fc2(h)
''',
}
LOSES = {
    "tp_mlp_matches_reference": "differs from the unsplit",
    "tp_mlp_communication": "all-reduce carries 1 element;",
}

#: An attack on the grading found in a round: graded in every test run, not only by `make test-full`.
ATTACK = True
