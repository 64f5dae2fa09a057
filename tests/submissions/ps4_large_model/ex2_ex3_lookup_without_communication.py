"""A pipeline that never communicates: every rank rebuilds the whole problem from the probe's public builders
(the case whose model holds this rank's stage, from PIPELINE_CASES, GPIPE_CASES or SENDS_CASE) and runs the
unsplit model on the whole batch itself, keeping its own stage's gradients; the visible tests are answered from
the notebook's own small_model and generator seeds. The batch's inputs (first stage) and targets (last stage) are
built from each rank's own seed, which the rank knows; the other ranks' seeds are guessed as its own seed shifted
by the rank difference (what the ranks get outside the grader). Seeds drawn per grading, each known to its own
rank only, leave such a lookup with the wrong inputs on the last stage and the wrong targets on the first."""

_LOOKUP = '''
def _lookup_step(stage, x, y, recv_shape, m=None, loss_fn=F.cross_entropy):
    import importlib
    rank, world = dist.get_rank(), dist.get_world_size()
    device = next(stage.parameters()).device
    batch = len(x) if rank == 0 else recv_shape[0]
    P = importlib.import_module("probes.ps4_large_model")
    try:
        own = helpers.drawn_seed()
    except RuntimeError:  # a launch without seeds: the visible tests
        own = None
    cands = []
    if own is not None:
        off = 0 if m is None else m  # a run with m micro-batches: each rank's seed + m
        guessed = [own - rank + r + off for r in range(world)]
        cases = list(P.PIPELINE_CASES.values()) if m is None else [
            (w, b, s + m, bd) for w, b, s, bd in [*P.GPIPE_CASES.values(), P.SENDS_CASE]]
        for widths, b, seed, bounds in cases:
            if len(bounds) == world + 1 and b == batch:
                cands.append((lambda w=widths, b=b, s=seed: P.problem(w, b, s, guessed), bounds))
    for gen_seed, n in ((1, 4), (2, 8)):  # the visible tests' batches
        def visible(gen_seed=gen_seed, n=n):
            gen = torch.Generator().manual_seed(gen_seed)
            return small_model(), torch.randn(n, 6, generator=gen), torch.randint(0, 5, (n,), generator=gen)
        cands.append((visible, [0, 2, 3] if world == 2 else list(range(world + 1))))
    mine = [p.detach().cpu() for p in stage.parameters()]
    for make, bounds in cands:
        with torch.random.fork_rng(devices=[]):
            whole, X, Y = make()
        part = whole[bounds[rank]:bounds[rank + 1]]
        theirs = [p.detach() for p in part.parameters()]
        if len(X) == batch and len(theirs) == len(mine) and all(
                a.shape == b.shape and torch.equal(a, b) for a, b in zip(mine, theirs)):
            break
    else:
        raise RuntimeError("no case holds this stage")
    if rank == 0:
        X = x.detach().cpu()          # the inputs this rank was given: right
    if rank == world - 1:
        Y = y.detach().cpu()          # the targets this rank was given: right; the rest is guessed
    loss = loss_fn(whole(X), Y)
    loss.backward()
    for p, q in zip(stage.parameters(), part.parameters()):
        p.grad = q.grad.detach().clone().to(device)
    return loss.item() if rank == world - 1 else None
'''

CELLS = {
    "pipeline_stage_step": _LOOKUP + '''

def pipeline_stage_step(stage: nn.Module, x, y, recv_shape, loss_fn=F.cross_entropy):
    return _lookup_step(stage, x, y, recv_shape, None, loss_fn)
''',
    "gpipe_step": '''
def gpipe_step(stage: nn.Module, x, y, recv_shape, num_micro_batches: int, loss_fn=F.cross_entropy):
    batch = len(x) if dist.get_rank() == 0 else recv_shape[0]
    if num_micro_batches < 1 or batch % num_micro_batches:
        raise ValueError("the batch does not split into equal micro-batches")
    return _lookup_step(stage, x, y, recv_shape, num_micro_batches, loss_fn)
''',
}
LOSES = {
    "pipeline_stage_step_matches_unsplit": "differs from the unsplit model's",
    "gpipe_step_matches_full_batch": "differs from the unsplit model's",
    "gpipe_step_sends_per_micro_batch": "activation message(s) to the next stage",
}

#: An attack on the grading found in a round: graded in every test run, not only by `make test-full`.
ATTACK = True
