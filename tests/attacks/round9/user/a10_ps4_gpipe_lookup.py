"""a10 (ordinary user): a09 plus ps4_large_model's gpipe_step_matches_full_batch (3 points) with NO send/recv: the
hidden problems are fixed (GPIPE_CASES by world size; the problem with m micro-batches uses seed + m), so each rank
runs the whole model on the whole batch itself (equal micro-batches: the full batch's mean loss and gradients).
The send-counting cell (gpipe_step_sends_per_micro_batch, 1 point) should fail: nothing is sent.
RESULT: see a10.out.txt and the bottom of this file."""
from u9 import *
from a09_ps4_pipeline_lookup import SOL as PIPE

GPIPE = r'''
def gpipe_step(stage: nn.Module, x, y, recv_shape, num_micro_batches: int, loss_fn=F.cross_entropy):
    import copy, importlib
    rank, world = dist.get_rank(), dist.get_world_size()
    dev = next(stage.parameters()).device
    P = importlib.import_module("probes.ps4_large_model")
    cands = []
    with torch.random.fork_rng(devices=[]):
        if world in P.GPIPE_CASES:
            widths, batch, seed, bounds = P.GPIPE_CASES[world]
            X, Y = P.batch_data(widths, batch, seed + num_micro_batches)
            cands.append((P.model(widths, seed + num_micro_batches), bounds, X, Y))
        gen = torch.Generator().manual_seed(2)
        X = torch.randn(8, 6, generator=gen); Y = torch.randint(0, 5, (8,), generator=gen)
        cands.append((small_model(), [0, 2, 3], X, Y))
    mine = [p.detach().cpu() for p in stage.parameters()]
    for whole, bounds, X, Y in cands:
        part = whole[bounds[rank]:bounds[rank + 1]]
        theirs = [p.detach() for p in part.parameters()]
        if len(theirs) == len(mine) and all(a.shape == b.shape and torch.equal(a, b) for a, b in zip(mine, theirs)):
            break
    else:
        raise RuntimeError("no match")
    w = copy.deepcopy(whole).to(dev)
    loss = loss_fn(w(X.to(dev)), Y.to(dev))
    loss.backward()
    for p, q in zip(stage.parameters(), w[bounds[rank]:bounds[rank + 1]].parameters()):
        p.grad = q.grad.detach().clone()
    return loss.item() if rank == world - 1 else None
'''

if __name__ == "__main__":
    nb = notebook(overrides={"pipeline_stage_step": PIPE, "gpipe_step": GPIPE}, assignment="ps4_large_model")
    dest, p = ugrade("a10", {"gpipe": nb}, assignment="ps4_large_model")
# RESULT (13:21 UTC, uid 65534, --workers 1): BROKEN.  gpipe 7/23: gpipe_step_matches_full_batch 3/3,
# pipeline_stage_step_matches_unsplit 4/4; gpipe_step_sends_per_micro_batch 0/1 (nothing sent, as it should).
