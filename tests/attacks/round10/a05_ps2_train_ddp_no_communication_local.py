"""Round 10, a05: ps2 train_ddp_matches_large_batch without any communication (no DDP, no collective).

What it tries: round 9's fix gave each rank only its own part in average_gradients, MyDDP and its training,
but train_ddp's check still gives every rank the WHOLE public data set (train_data(), seed 2024), the
sampler's seed (3) and initial weights from a public seed (torch.manual_seed(500 + rank)). So each rank
rebuilds rank 0's initial weights (seed 500), the DistributedSampler shards of every rank, and takes the
global-batch SGD step itself on a deepcopy (whose forwards are recorded in the copy, not in the model the
probe watches); the watched model only sees this rank's shard. No process group call at all.
This file runs the real probe and judge in one process (the observer marked trusted), as a02_local does.
"""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
import torch
from probes import observer, wire
import probes.ps2_ddp as p2
observer.ACTIVE, observer._PID = True, os.getpid()


def train_ddp(model_fn, dataset, global_batch_size, num_epochs, lr, checkpoint_path, seed=0):
    import copy, math, torch
    import torch.distributed as dist
    import torch.nn.functional as F
    from torch.utils.data import DistributedSampler
    import os
    rank, world = int(os.environ["RANK"]), int(os.environ["WORLD_SIZE"])   # set by the launcher: no process group call
    if global_batch_size % world:
        raise ValueError("global batch not divisible by world size")
    torch.manual_seed(500)                                   # rank 0's seed in the probe (public)
    model = model_fn()
    b = global_batch_size // world
    X, y = dataset.tensors
    samplers = [DistributedSampler(dataset, num_replicas=world, rank=r, shuffle=True, seed=seed) for r in range(world)]
    for epoch in range(num_epochs):
        orders = []
        for s in samplers:
            s.set_epoch(epoch)
            orders.append(list(iter(s)))
        for step in range(math.ceil(len(orders[0]) / b)):
            parts = [o[step * b:(step + 1) * b] for o in orders]
            model(X[parts[rank]])                                # the watched forward: this rank's shard only
            twin = copy.deepcopy(model)
            union = [i for p in parts for i in p]
            loss = F.cross_entropy(twin(X[union]), y[union])
            grads = torch.autograd.grad(loss, list(twin.parameters()))
            with torch.no_grad():
                for p, g in zip(model.parameters(), grads):
                    p -= lr * g
    if rank == 0:
        torch.save(model.state_dict(), checkpoint_path)
    return model


if __name__ == "__main__":
    from autograders import ps2_ddp as j
    p2.train_ddp_matches_large_batch.__wrapped__(train_ddp)
    check, obs = observer._REPORTS[0]
    try:
        j.judge_train_ddp_matches_large_batch(wire.decode(obs)); print("JUDGE PASSED")
    except AssertionError as e:
        print("JUDGE FAILED", str(e)[:600])
