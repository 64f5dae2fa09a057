"""a04 (ordinary user): ps5 exercise 1's correctness cell (overlap_ddp_matches_reference, 3 pts) earned by an
OverlapDDP that never communicates: __init__ walks up to the caller's frame (the probe's _train_rank in the rank,
or the visible train_on_ranks) for `seed` and rebuilds rank 0's initial weights with the public builder
(probes.ps5_scale.net / the notebook's small_net) instead of broadcasting; finish_gradient_synchronization reads
the caller's local X, y (the WHOLE global batch, before the rank's slice) and computes the full-batch gradient on a
local copy of the model instead of all-reducing.  No collective at all.
RESULT: see a04.out.txt and the bottom of this file."""
from u8 import *

DDP = r'''
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
            import probes.ps5_scale as P      # public builder of the hidden check's model
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
        X, y = loc["X"], loc["y"]               # the whole global batch, held by the caller
        twin = copy.deepcopy(self.module)
        twin.zero_grad(set_to_none=True)
        loss = F.cross_entropy if y.dtype == torch.long else F.mse_loss
        loss(twin(X), y).backward()
        for p, q in zip(self.module.parameters(), twin.parameters()):
            p.grad = q.grad.clone()
'''

BUCKETED = DDP.replace("class OverlapDDP(nn.Module):", "class BucketedDDP(nn.Module):").replace(
    "def __init__(self, module):", "def __init__(self, module, bucket_size_bytes=0):")

if __name__ == "__main__":
    nb = notebook({"overlap_ddp": DDP, "bucketed_ddp": BUCKETED}, assignment="ps5_scale")
    dest, p = ugrade("a04", {"framewalk": nb}, assignment="ps5_scale")
    nbk = nbformat.read(f"{dest}/autograded/framewalk/ps5_scale/ps5_scale.ipynb", 4)
    for c in nbk.cells:
        g = c.metadata.get("nbgrader", {}).get("grade_id", "")
        if g.startswith("overlap"):
            for o in c.get("outputs", []):
                print(g, o.output_type, str(o.get("text") or o.get("evalue"))[:600])
# RESULT (10:26 UTC, uid 65534): BROKEN (score without the work).  6/29 (untouched 0/29):
# overlap_ddp_matches_reference 3/3 and bucketed_ddp_matches_reference 3/3 for DDP classes that issue no
# collective at all (no broadcast, no all-reduce): rank 0's weights rebuilt from the public builder and the caller's
# `seed`, the gradient computed on the whole global batch read from the caller's frame (`X`, `y` in the probe's
# _train_rank, which holds every rank's data).  The method cells still fail (0 all-reduces counted).  Not the
# documented residual (no record rewritten): the correctness checks themselves cannot tell data parallelism from
# a rank that trains alone on data the check hands it.
