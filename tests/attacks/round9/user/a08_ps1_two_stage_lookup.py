"""a08 (ordinary user): ps1_memory's two_stage_step_matches_whole_model (4 points) with NO send/recv.  Both ranks are
handed the batch AND the target, and the hidden check's models are fixed (probes.ps1_memory.stack(seed) for the seeds of
STEP_CASES).  Each rank finds the whole model its stage is a slice of (comparing weights with stack(seed) rebuilt, and
with the visible test's seed-0 model), runs the whole model's forward and backward on a copy itself, and copies the
gradients of its own layers; rank 1 returns the loss.  The judge compares only the loss and the gradients (no record of
messages), so nothing tells it apart from a real pipeline.
RESULT: see a08.out.txt and the bottom of this file."""
from u9 import *

SOL = r'''
def two_stage_step(stage, batch, target, loss_fn, activation_shape):
    import copy, importlib
    rank = dist.get_rank()
    dev = next(stage.parameters()).device
    P = importlib.import_module("probes.ps1_memory")
    candidates = []
    with torch.random.fork_rng(devices=[]):
        for seed, cut, b in P.STEP_CASES:
            candidates.append(P.stack(seed))
        torch.manual_seed(0)
        candidates.append(nn.Sequential(nn.Linear(5, 7), nn.Tanh(), nn.Linear(7, 2)))
    mine = [p.detach().cpu() for p in stage.parameters()]
    for whole in candidates:
        cut = len(stage) if rank == 0 else len(whole) - len(stage)
        part = whole[:cut] if rank == 0 else whole[cut:]
        theirs = [p.detach() for p in part.parameters()]
        if len(theirs) == len(mine) and all(a.shape == b.shape and torch.equal(a, b) for a, b in zip(mine, theirs)):
            break
    else:
        raise RuntimeError("no match")
    whole = copy.deepcopy(whole).to(dev)
    loss = loss_fn(whole(batch), target)
    loss.backward()
    part = whole[:cut] if rank == 0 else whole[cut:]
    for p, q in zip(stage.parameters(), part.parameters()):
        p.grad = q.grad.detach().clone()
    return None if rank == 0 else loss.item()
'''

if __name__ == "__main__":
    nb = notebook(overrides={"two_stage_step": SOL})
    dest, p = ugrade("a08", {"twostage": nb})
# RESULT (13:19 UTC, uid 65534, --workers 1): BROKEN.  twostage 4/30: two_stage_step_matches_whole_model 4/4 (the
# untouched release: 0); no dist.send/recv anywhere: each rank runs the whole model (rebuilt from the probe's fixed
# seeds) on the batch and target it was handed both.
