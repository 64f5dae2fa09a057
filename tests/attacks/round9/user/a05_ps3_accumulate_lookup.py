"""a05 (ordinary user): a04 plus ps3_batch's accumulate_gradients_match_large_batch (2 points) with no communication:
the rank looks up the hidden check's fixed data (probes.ps3_batch.accum_data, seed 1234; the setting from
ACCUM_SETTINGS by the micro-batches' count and size; the cycle from a per-model call count) and backpropagates the
whole global batch of all ranks through ddp_model.module (DDP's hook never fires).  Its method cell
(accumulate_gradients_one_allreduce, counted by a comm hook the probe registers) fails, as it should: 0 all-reduces.
On 1 rank (the visible test) the local accumulation is already the answer.
RESULT: see a05.out.txt and the bottom of this file."""
from u9 import *
from a04_ps3_weighted_lookup import SOL as WEIGHTED

ACCUM = r'''
_CYCLES = {}
def accumulate_gradients(ddp_model, loss_fn, micro_batches):
    import importlib
    world = dist.get_world_size()
    module = ddp_model.module
    dev = next(module.parameters()).device
    if world == 1:
        for x, y in micro_batches:
            (loss_fn(module(x), y) / len(micro_batches)).backward()
        return
    P = importlib.import_module("probes.ps3_batch")
    m, size = len(micro_batches), micro_batches[0][0].shape[0]
    w, cycles, mb, ms = [s for s in P.ACCUM_SETTINGS if s[0] == world and s[2] == m and s[3] == size][0]
    cycle = _CYCLES.get(id(ddp_model), 0); _CYCLES[id(ddp_model)] = cycle + 1
    data = P.accum_data(w, cycles, mb, ms)[cycle]
    X = torch.cat([x for r in range(world) for x, _ in data[r]]).to(dev)
    Y = torch.cat([y for r in range(world) for _, y in data[r]]).to(dev)
    loss_fn(module(X), Y).backward()            # module, not ddp_model: no all-reduce
'''

if __name__ == "__main__":
    nb = notebook(overrides={"weighted_backward": WEIGHTED, "accumulate_gradients": ACCUM}, assignment="ps3_batch")
    dest, p = ugrade("a05", {"alookup": nb}, assignment="ps3_batch")
# RESULT (13:15 UTC, uid 65534, --workers 1): BROKEN.  alookup 4/30: accumulate_gradients_match_large_batch 2/2,
# weighted_backward_full_batch_gradient 2/2; accumulate_gradients_one_allreduce 0/2 (0 all-reduces counted, as it
# should).  No collective anywhere.
