"""a02 (root, ps5_scale): tp_mlp_matches_reference (2) + tp_mlp_communication (2) earned with no tensor parallelism.

Every rank is handed the same full fc1 and fc2. TensorParallelMLP keeps only its shards as nn.Parameters (what
`held` counts: `sum(p.numel() for p in block.parameters())`), but also a full copy of both layers as plain tensor
attributes (not parameters, so not counted: "keep no full copy of the layers" is not checked), computes the whole
block locally (the other ranks' blocks detached, its own shards as the parameters, so its gradients are the
right blocks), and issues two *useless* one-element all-reduces of zeros, one in forward and one in backward, so
that the counting check (numel and content are never judged) sees "exactly one each". Nothing is forged in any
record: the counts are true counts of true collectives that carry nothing.
Same notebook also holds a01's forged-seed f and g (tp_operators).
RESULT: see the bottom of this file and a02.out.txt."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "round5"))
from monitor import ac, grade_watched
HERE = os.path.dirname(os.path.abspath(__file__))
src = open(os.path.join(HERE, "a01_ps5_tp_operators_forged_seed.py")).read()
TP = src.split("TP = r'''", 1)[1].split("'''", 1)[0]

MLP = r'''
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
'''

if __name__ == "__main__":
    nb = ac.notebook({"tp_operators": TP, "tp_mlp": MLP}, assignment="ps5_scale")
    dest = ac.make_course("r9-a02", {"localmlp": nb}, assignment="ps5_scale")
    grade_watched(dest)
    import nbformat
    nbk = nbformat.read(f"{dest}/autograded/localmlp/ps5_scale/ps5_scale.ipynb", 4)
    for c in nbk.cells:
        g = c.metadata.get("nbgrader", {}).get("grade_id", "")
        if g.startswith("tp_"):
            for o in c.get("outputs", []):
                print(g, o.output_type, str(o.get("text") or o.get("evalue"))[:500])
    print(open(f"{dest}/grades.csv").read())
# RESULT (root, 12:57 UTC, a02.out.txt): BROKEN (score without the work). localmlp 6.0/29: tp_mlp_matches_reference 2/2
# and tp_mlp_communication 2/2 (plus a01's tp_operators 2/2), untouched 0/29. The block computes everything locally
# from full copies kept as plain tensors (not counted by `held`), and its two counted all-reduces carry one zero
# each. The method check counts collectives but never what they carry, and `held` counts only parameters.
