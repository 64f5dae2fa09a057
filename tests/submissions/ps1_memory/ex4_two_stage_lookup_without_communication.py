"""two_stage_step with no send or recv: each rank finds the whole model its stage is a slice of (the hidden check's
models are public), fills in the half of the case it was not handed (the input on rank 1, the target on rank 0) as
the probe builds it at home (rank r's seed is STEP_HOME + r), runs the whole model itself and keeps its own layers'
gradients. Round 9 earned the 4 points with both ranks handed both halves; now each rank holds only its own half,
built from a seed it drew when the grader started it."""

CELLS = {
    "two_stage_step": '''
def two_stage_step(stage, batch, target, loss_fn, activation_shape):
    import copy, importlib
    rank = dist.get_rank()
    dev = next(stage.parameters()).device
    P = importlib.import_module("probes.ps1_memory")
    candidates = []
    with torch.random.fork_rng(devices=[]):
        for case, (seed, cut, b) in enumerate(P.STEP_CASES):
            candidates.append((case, P.stack(seed)))
        torch.manual_seed(0)
        candidates.append((None, nn.Sequential(nn.Linear(5, 7), nn.Tanh(), nn.Linear(7, 2))))
    mine = [p.detach().cpu() for p in stage.parameters()]
    for case, whole in candidates:
        cut = len(stage) if rank == 0 else len(whole) - len(stage)
        part = whole[:cut] if rank == 0 else whole[cut:]
        theirs = [p.detach() for p in part.parameters()]
        if len(theirs) == len(mine) and all(a.shape == b.shape and torch.equal(a, b) for a, b in zip(mine, theirs)):
            break
    else:
        raise RuntimeError("no match")
    if case is not None:   # the hidden check: the other rank's half, as the probe builds it at home
        n = batch.shape[0]
        if rank == 0:
            target = P.step_target(P.STEP_HOME + 1, case, n).to(dev)
        else:
            batch = P.step_input(P.STEP_HOME, case, n).to(dev)
    whole = copy.deepcopy(whole).to(dev)
    loss = loss_fn(whole(batch), target)
    loss.backward()
    part = whole[:cut] if rank == 0 else whole[cut:]
    for p, q in zip(stage.parameters(), part.parameters()):
        p.grad = q.grad.detach().clone()
    return None if rank == 0 else loss.item()
''',
}
LOSES = {
    "two_stage_step_matches_whole_model": "rank 0 sent and received nothing",
}

#: An attack on the grading found in a round: graded in every test run, not only by `make test-full`.
ATTACK = True
