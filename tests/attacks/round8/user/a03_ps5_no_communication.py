"""a03 (ordinary user): ps5_scale earned with NO communication at all.
(1) tp_operators (2 pts): f and g as a lookup of the published probe inputs (probes.ps5_scale.operator_inputs is
    public and fixed: no per-grading draw as ps1/ps3/ps4 got) plus the visible test's constants; no collective.
(2) zero1_matches_adam + zero1_state_sharded (5 pts): no sharding of memory, no broadcast: `self.optimizer` is
    Adam over this rank's shard (what the check counts), and a second, hidden Adam steps every other parameter
    locally (every rank has the same gradients, so the ranks agree without communicating).  Every rank holds
    Adam state for every parameter: the opposite of ZeRO-1.
Every other answer cell untouched.  Untouched scores 0/29 (a01).
RESULT: see a03.out.txt and the bottom of this file."""
from u8 import *

TP = r'''
def _published(world):
    import probes.ps5_scale as P   # public: the probe's fixed inputs
    return P.operator_inputs(world)

class CopyToTensorParallel(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.clone()

    @staticmethod
    def backward(ctx, grad):
        world = dist.get_world_size()
        pub = _published(world)
        if any(grad.shape == g.shape and torch.allclose(grad.cpu(), g) for _, g in pub):
            return sum(g for _, g in pub).to(grad.device)
        return grad * world          # the visible test: ones on every rank


class ReduceFromTensorParallel(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        world = dist.get_world_size()
        pub = _published(world)
        if any(x.shape == x0.shape and torch.allclose(x.detach().cpu(), x0) for x0, _ in pub):
            return sum(x0 for x0, _ in pub).to(x.device)
        return torch.full_like(x, world * (world + 1) / 2)   # the visible test: x = rank + 1

    @staticmethod
    def backward(ctx, grad):
        return grad
'''

ZERO = r'''
class ShardedOptimizer:
    def __init__(self, params, optimizer_cls, **kwargs):
        params = list(params)
        n, r = dist.get_world_size(), dist.get_rank()
        base, extra = divmod(len(params), n)
        start = r * base + min(r, extra)
        count = base + (1 if r < extra else 0)
        self.params = params
        self.optimizer = optimizer_cls(params[start:start + count], **kwargs)      # what is counted
        rest = params[:start] + params[start + count:]
        self._rest = optimizer_cls(rest, **kwargs) if rest else None              # what is not

    def zero_grad(self):
        for p in self.params:
            p.grad = None

    def step(self):
        self.optimizer.step()
        if self._rest is not None:
            self._rest.step()
'''

if __name__ == "__main__":
    nb = notebook({"tp_operators": TP, "zero1": ZERO}, assignment="ps5_scale")
    dest, p = ugrade("a03", {"nocomm": nb}, assignment="ps5_scale")
    import nbformat, json
    nbk = nbformat.read(f"{dest}/autograded/nocomm/ps5_scale/ps5_scale.ipynb", 4)
    for c in nbk.cells:
        g = c.metadata.get("nbgrader", {}).get("grade_id", "")
        if g.startswith(("tp_operators", "zero1")):
            for o in c.get("outputs", []):
                print(g, o.output_type, str(o.get("text") or o.get("evalue"))[:500])
# RESULT (10:21 UTC, uid 65534): BROKEN (score without the work).  7/29 (untouched 0/29):
# tp_operators_forward_backward 2/2 with f and g issuing no collective (a lookup of the fixed public inputs), and
# zero1_matches_adam 3/3 + zero1_state_sharded 2/2 for a ShardedOptimizer that shards nothing and never broadcasts
# (every rank steps every parameter; the check counts only the state of `self.optimizer`).  ps5's inputs are
# fixed (no per-grading draw), and its ZeRO checks cannot tell plain local Adam from ZeRO-1.
