"""An OverlapDDP that never communicates: __init__ walks up to its caller's frame for `seed` and rebuilds rank 0's
weights with the public builder instead of broadcasting; finish_gradient_synchronization computes the gradient on
a copy of the model from the batch it finds in the caller's frame instead of all-reducing. When the check held
the whole global batch on every rank, that was the full-batch gradient; each rank now holds only its own part, and
rank 0's weights come from a seed only rank 0 drew, so the seed in the caller's frame builds someone else's."""

CELLS = {
    "overlap_ddp": '''
import sys, copy

def _caller_with(name):
    f = sys._getframe(2)
    while f is not None and name not in f.f_locals:
        f = f.f_back
    return f

class OverlapDDP(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module
        f = _caller_with("seed")
        self._frame = f
        seed = f.f_locals["seed"]
        if f.f_code.co_name == "_train_rank":
            import probes.ps5_scale as P
            ref = P.net(seed)
        else:
            ref = small_net(seed)
        with torch.no_grad():
            for p, q in zip(module.parameters(), ref.parameters()):
                p.copy_(q.to(p.device))

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def finish_gradient_synchronization(self):
        loc = self._frame.f_locals
        X, y = loc["X"], loc["y"]
        twin = copy.deepcopy(self.module)
        twin.zero_grad(set_to_none=True)
        loss = F.cross_entropy if y.dtype == torch.long else F.mse_loss
        loss(twin(X), y).backward()
        for p, q in zip(self.module.parameters(), twin.parameters()):
            p.grad = q.grad.clone()
''',
}
LOSES = {
    "overlap_ddp_matches_reference": "rank 0's parameters",
    "overlap_ddp_overlaps": "all-reduce",
}

#: An attack on the grading found in a round: graded in every test run, not only by `make test-full`.
ATTACK = True
