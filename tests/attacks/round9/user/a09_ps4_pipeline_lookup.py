"""a09 (ordinary user): ps4_large_model's pipeline_stage_step_matches_unsplit (4 points) with NO send/recv.  The
hidden check's problems are fixed (probes.ps4_large_model.PIPELINE_CASES by world size: widths, batch, seed, bounds;
model(widths, seed), batch_data(widths, batch, seed)), so each rank rebuilds the whole model and batch, runs the whole
forward/backward itself and copies its own stage's gradients; the last rank returns the loss.  The judge of this
cell reads only the gradients and the returned loss (the p2p log is read only for a hang), so nothing is forged: no
message is sent at all.  The visible tests (small_model() seeded 0, data of generator 1, 2 and 3 ranks) likewise.
RESULT: see a09.out.txt and the bottom of this file."""
from u9 import *

SOL = r'''
def pipeline_stage_step(stage: nn.Module, x, y, recv_shape, loss_fn=F.cross_entropy):
    import copy, importlib
    rank, world = dist.get_rank(), dist.get_world_size()
    dev = next(stage.parameters()).device
    P = importlib.import_module("probes.ps4_large_model")
    cands = []
    with torch.random.fork_rng(devices=[]):
        if world in P.PIPELINE_CASES:
            widths, batch, seed, bounds = P.PIPELINE_CASES[world]
            X, Y = P.batch_data(widths, batch, seed)
            cands.append((P.model(widths, seed), bounds, X, Y))
        gen = torch.Generator().manual_seed(1)
        X = torch.randn(4, 6, generator=gen); Y = torch.randint(0, 5, (4,), generator=gen)
        cands.append((small_model(), [0, 2, 3] if world == 2 else list(range(world + 1)), X, Y))
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
    nb = notebook(overrides={"pipeline_stage_step": SOL}, assignment="ps4_large_model")
    dest, p = ugrade("a09", {"pipe": nb}, assignment="ps4_large_model")
# RESULT (13:20 UTC, uid 65534, --workers 1): BROKEN.  pipe 4/23: pipeline_stage_step_matches_unsplit 4/4 (the
# untouched release: 0).  Not one send or recv on any rank, hidden 2- and 4-rank cases and the visible 2- and 3-rank
# tests all pass.
