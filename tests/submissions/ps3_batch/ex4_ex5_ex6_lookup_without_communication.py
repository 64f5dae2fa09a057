"""Exercises 4-6 without communicating: each rank rebuilds the whole problem (every rank's data) from the
probe's public builders, with the seeds the ranks get at home (home + rank), and backpropagates it through
ddp_model.module, so DDP never all-reduces; the visible tests are answered by replaying their RNG. Graded,
each rank draws its own seed, so the other ranks' data is known only by communicating."""

WEIGHTED = '''
def weighted_backward(ddp_model, loss_fn, x, y):
    """Backward of this rank's batch, weighted so that DDP's average is the full-batch gradient."""
    import importlib
    world = dist.get_world_size()               # no communication: only the world size
    module = ddp_model.module
    dev = next(module.parameters()).device
    if isinstance(module, nn.Sequential):       # the hidden check: rebuild every rank's samples
        P = importlib.import_module("probes.ps3_batch")
        sizes = [s for s in P.WEIGHTED_SIZES if len(s) == world][0]
        X, Y = P.uneven_data([P.WEIGHTED_HOME + r for r in range(world)], sizes)
    else:                                       # the visible test: replay its RNG
        with torch.random.fork_rng(devices=[]):
            torch.manual_seed(0)
            nn.Linear(3, 1)
            X, Y = torch.randn(4, 3), torch.randn(4, 1)
    module.zero_grad()
    loss_fn(module(X.to(dev)), Y.to(dev)).backward()   # module, not ddp_model: DDP's all-reduce never runs
'''

ACCUM = '''
_CYCLES = {}


def accumulate_gradients(ddp_model, loss_fn, micro_batches):
    """Accumulate the gradient of all `micro_batches` in `.grad`, all-reducing once (on the last one)."""
    import importlib
    world = dist.get_world_size()
    module = ddp_model.module
    dev = next(module.parameters()).device
    if world == 1:                              # the visible test: the local accumulation is the answer
        for x, y in micro_batches:
            (loss_fn(module(x), y) / len(micro_batches)).backward()
        return
    P = importlib.import_module("probes.ps3_batch")
    m, size = len(micro_batches), micro_batches[0][0].shape[0]
    _, cycles, mb, ms = [s for s in P.ACCUM_SETTINGS if s[0] == world and s[2] == m and s[3] == size][0]
    cycle = _CYCLES.get(id(ddp_model), 0)
    _CYCLES[id(ddp_model)] = cycle + 1
    data = P.accum_data([P.ACCUM_HOME + r for r in range(world)], cycles, mb, ms)[cycle]
    X = torch.cat([x for r in range(world) for x, _ in data[r]]).to(dev)
    Y = torch.cat([y for r in range(world) for _, y in data[r]]).to(dev)
    loss_fn(module(X), Y).backward()            # module, not ddp_model: no all-reduce
'''

UNEVEN = '''
def train_uneven(ddp_model, optimizer, loss_fn, batches):
    """Train on this rank's `batches` (a different number on each rank) without hanging."""
    import importlib
    world = dist.get_world_size()
    module = ddp_model.module
    dev = next(module.parameters()).device
    if isinstance(module, nn.Sequential):       # the hidden check: rebuild every rank's batches
        P = importlib.import_module("probes.ps3_batch")
        counts = [c for c in P.UNEVEN_COUNTS if len(c) == world][0]
        data = P.uneven_batches([P.UNEVEN_HOME + r for r in range(world)], counts)
    else:   # the visible test: seed 0, Linear(3, 1), then rank r's 1 + 2r batches of (randn(2, 3), randn(2, 1))
        counts = [1 + 2 * r for r in range(world)]
        data = []
        for r in range(world):
            with torch.random.fork_rng(devices=[]):
                torch.manual_seed(0)
                nn.Linear(3, 1)
                data.append([(torch.randn(2, 3), torch.randn(2, 1)) for _ in range(counts[r])])
    params = list(module.parameters())
    for step in range(max(counts)):             # join()'s rule, replayed alone: no collective, no join()
        total = [torch.zeros_like(p) for p in params]
        for r in range(world):
            if step < counts[r]:
                module.zero_grad()
                x, y = data[r][step]
                loss_fn(module(x.to(dev)), y.to(dev)).backward()
                for acc, p in zip(total, params):
                    acc += p.grad
        optimizer.zero_grad()
        for p, acc in zip(params, total):
            p.grad = acc / world
        optimizer.step()
'''

CELLS = {
    "weighted_backward": WEIGHTED,
    "accumulate_gradients": ACCUM,
    "train_uneven": UNEVEN,
}
LOSES = {
    "weighted_backward_full_batch_gradient": "is not the gradient of the full batch",
    "accumulate_gradients_match_large_batch": "is not the gradient of the large batch",
    "accumulate_gradients_one_allreduce": "all-reduce never ran",
    "train_uneven_finishes_and_matches": "differ from DDP training over every rank's batches",
}

#: An attack on the grading found in a round: graded in every test run, not only by `make test-full`.
ATTACK = True
