"""a04 (ordinary user): ps3_batch's weighted_backward_full_batch_gradient (2 points) earned with NO communication
by the student (no all-reduce, no collective for the sample count, and DDP's own hooks bypassed: the backward runs on
ddp_model.module).  The hidden check's inputs are fixed constants of probes.ps3_batch, importable from the ranks:
WEIGHTED_SIZES [(4, 6), (1, 2, 3, 6)] picked by the world size, uneven_data(sizes) (seed 99).  The rank computes
the full-batch gradient of all ranks' samples itself.  The visible test (Linear(3, 1) seeded 0, 4 samples) is
answered by replaying its RNG.  Same class as a02 (ps2) and round 8's ps5 operator lookup (fixed there only).
RESULT: see a04.out.txt and the bottom of this file."""
from u9 import *

SOL = r'''
def weighted_backward(ddp_model, loss_fn, x, y):
    import importlib
    world = dist.get_world_size()               # no communication: only the world size
    module = ddp_model.module
    dev = next(module.parameters()).device
    if isinstance(module, nn.Sequential):
        P = importlib.import_module("probes.ps3_batch")
        sizes = [s for s in P.WEIGHTED_SIZES if len(s) == world][0]
        X, Y = P.uneven_data(sizes)
    else:                                       # the visible test: replay its RNG
        with torch.random.fork_rng(devices=[]):
            torch.manual_seed(0); nn.Linear(3, 1)
            X, Y = torch.randn(4, 3), torch.randn(4, 1)
    module.zero_grad()
    loss_fn(module(X.to(dev)), Y.to(dev)).backward()   # module, not ddp_model: DDP's all-reduce never runs
'''

if __name__ == "__main__":
    nb = notebook(overrides={"weighted_backward": SOL}, assignment="ps3_batch")
    dest, p = ugrade("a04", {"wlookup": nb}, assignment="ps3_batch")
# RESULT (13:06 UTC, uid 65534, --workers 1): BROKEN.  wlookup 2/30: weighted_backward_full_batch_gradient 2/2
# (everything else untouched: 0; the untouched release gets 0 on it).  No collective, and DDP's own all-reduce
# never runs (the backward is on ddp_model.module): the ranks read the probe's fixed sizes and data.
