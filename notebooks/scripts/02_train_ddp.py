"""Train a small MLP on scikit-learn's digits with DistributedDataParallel, under torchrun.

The function below is the one lecture notebooks/02_ddp.ipynb runs with helpers.launch (a cell of
the notebook checks that the two copies are identical). Launch it on one machine with 2 processes:

    torchrun --standalone --nproc_per_node=2 notebooks/scripts/02_train_ddp.py --per-rank-batch 16

on 2 machines with 4 GPUs each (run the same line on both, changing --node_rank):

    torchrun --nnodes=2 --nproc_per_node=4 --node_rank=0 --master_addr=10.0.0.1 --master_port=29500 \
        notebooks/scripts/02_train_ddp.py --per-rank-batch 16

or with torchrun's elastic rendezvous (same line on every node, no node_rank to choose):

    torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=10.0.0.1:29500 \
        --rdzv_id=digits42 notebooks/scripts/02_train_ddp.py --per-rank-batch 16
"""

import argparse
import os
import sys


def train_digits(per_rank_batch, num_epochs=2, lr=0.2, seed=0, checkpoint_path=None):
    """Train a small MLP on the digits with DDP; every rank runs this. Returns the loss of each step.

    The logged loss is the mean over the ranks of their batch losses, which is the loss of the
    global batch of per_rank_batch * world_size samples.
    """
    import torch
    import torch.distributed as dist
    import torch.nn as nn
    import torch.nn.functional as F
    from torch.nn.parallel import DistributedDataParallel as DDP
    from torch.utils.data import DataLoader, DistributedSampler, TensorDataset

    from helpers import rank_device
    from helpers.data import load_digits_tensors

    rank, world_size = dist.get_rank(), dist.get_world_size()
    device = rank_device()                         # cuda:LOCAL_RANK with a GPU per rank, else the CPU
    X, y = load_digits_tensors(seed=seed)
    train = TensorDataset(X[:1536], y[:1536])      # 1536 = 24 x 64: every batch is full
    X_test, y_test = X[1536:].to(device), y[1536:].to(device)

    torch.manual_seed(seed + rank)                 # different on purpose: DDP broadcasts rank 0's weights
    model = nn.Sequential(nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 10)).to(device)
    ddp_model = DDP(model, device_ids=[device.index] if device.type == "cuda" else None)
    sampler = DistributedSampler(train, shuffle=True, seed=seed)
    loader = DataLoader(train, batch_size=per_rank_batch, sampler=sampler)
    optimizer = torch.optim.SGD(ddp_model.parameters(), lr=lr)

    losses = []
    for epoch in range(num_epochs):
        sampler.set_epoch(epoch)                   # a new shuffle every epoch, the same on every rank
        for xb, yb in loader:
            xb, yb = xb.to(device), yb.to(device)
            optimizer.zero_grad()
            loss = F.cross_entropy(ddp_model(xb), yb)
            loss.backward()                        # DDP averages the gradients here
            optimizer.step()
            logged = loss.detach().clone()
            dist.all_reduce(logged)                # for logging only: the global batch's loss
            losses.append(logged.item() / world_size)
        if rank == 0:                              # log once, not world_size times
            with torch.no_grad():
                accuracy = (model(X_test).argmax(1) == y_test).float().mean().item()
            print(f"epoch {epoch}: loss {losses[-1]:.4f}, test accuracy {accuracy:.3f}")
    if rank == 0 and checkpoint_path is not None:  # one writer; the bare model's keys, no "module."
        torch.save(model.state_dict(), checkpoint_path)
    return losses


def main():
    import torch
    import torch.distributed as dist

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-rank-batch", type=int, default=16)
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--checkpoint", default=None)
    args = parser.parse_args()
    from helpers import resolve_backend

    # torchrun sets RANK, WORLD_SIZE, LOCAL_RANK, MASTER_ADDR and MASTER_PORT: init_method="env://".
    # The course's device rule, per machine: a GPU per local rank gives "cpu:gloo,cuda:nccl" and
    # cuda:LOCAL_RANK; fewer GPUs than local ranks (or none) gives gloo on CPU.
    backend = resolve_backend("auto", int(os.environ["LOCAL_WORLD_SIZE"]))
    if "nccl" in backend:
        torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))
    dist.init_process_group(backend, init_method="env://")
    try:
        losses = train_digits(args.per_rank_batch, num_epochs=args.epochs, checkpoint_path=args.checkpoint)
        if dist.get_rank() == 0:
            print(f"world_size={dist.get_world_size()} final loss {losses[-1]:.6f} after {len(losses)} steps")
        dist.barrier()  # leave together: a rank tearing down gloo while its peer still talks can abort
    finally:
        dist.destroy_process_group()
    # Exit without running C++ static destructors: on torch 2.13 one rank in about ten aborted there
    # ("terminate called without an active exception") after all its work was done.
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
