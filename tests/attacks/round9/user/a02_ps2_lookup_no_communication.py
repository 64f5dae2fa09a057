"""a02 (ordinary user): ps2_ddp's exercise 1 and 2 checks (average_gradients_matches_large_batch 3,
my_ddp_broadcasts_initial_weights 2, my_ddp_matches_large_batch 3 = 8 points) earned by code that communicates
NOTHING (no collective, no send/recv, no store).  The hidden checks' inputs are fixed module constants of the probe,
which the ranks can import (probes/ is in every sandbox): average_seed(world) = 7 + world, broadcast_seed = 40 + world,
training_seed = 60 + world, and the global batches come from probes.ps2_ddp.batches(...).  So:
 * average_gradients recomputes the full-batch gradient of net(7+W) on batches(1, 3W, 8+W) itself;
 * MyDDP.__init__ copies net(40+W) (what rank 0 built) instead of broadcasting;
 * MyDDP.sync_gradients recomputes the full global batch's gradient at the current weights, step by step.
The notebook's visible tests (Linear layers whose rank-r gradient is r+1, or seeded by rank) are answered by
formula: grad / (r+1) * (W+1)/2, and re-seeding 0.  Round 8 fixed this class for ps5's operator check only (inputs
drawn per grading and sent to each rank alone); ps2 still uses fixed seeds.
RESULT: see a02.out.txt and the bottom of this file."""
from u9 import *

SOL_AVG = r'''
def _lookup():
    import sys, importlib
    return importlib.import_module("probes.ps2_ddp")

def average_gradients(model: nn.Module) -> None:
    rank, world = dist.get_rank(), dist.get_world_size()   # no communication: only who am I
    ps = list(model.parameters())
    if type(model).__name__ == "_Net":
        P = __import__("importlib").import_module("probes.ps2_ddp")
        with torch.random.fork_rng(devices=[]):
            ref, X, y = P.average_inputs(world)
        ref = ref.to(ps[0].device)
        F.cross_entropy(ref(X.to(ps[0].device)), y.to(ps[0].device)).backward()
        for p, r in zip(ps, ref.parameters()):
            if p.grad is not None and r.grad is not None:
                p.grad.copy_(r.grad)
        return
    for p in ps:   # the visible test: rank r's gradient is r + 1
        if p.grad is not None:
            p.grad.mul_((world + 1) / 2 / (rank + 1))
'''

SOL_DDP = r'''
class MyDDP(nn.Module):
    def __init__(self, module: nn.Module):
        super().__init__()
        self.module = module
        self._step = 0
        self._mode = "visible"
        world = dist.get_world_size()
        ps = list(module.parameters())
        if type(module).__name__ == "_Net":
            P = __import__("importlib").import_module("probes.ps2_ddp")
            with torch.random.fork_rng(devices=[]):
                train0 = P.net(P.training_seed(world))
                bcast0 = P.net(P.broadcast_seed(world))      # what rank 0 built: no broadcast needed
            if all(torch.equal(a.detach().cpu(), b.detach()) for a, b in zip(ps, train0.parameters())):
                self._mode = "train"
                t = P.TRAINING
                self._batches = P.batches(t["num_steps"], t["per_rank"] * world, P.training_seed(world) + 1)
            else:
                self._mode = "bcast"
                with torch.no_grad():
                    for a, b in zip(list(module.parameters()) + list(module.buffers()),
                                    list(bcast0.parameters()) + list(bcast0.buffers())):
                        a.copy_(b.to(a.device))
        else:
            with torch.random.fork_rng(devices=[]):   # visible test: rank 0 seeded 0
                torch.manual_seed(0)
                fresh = type(module)(module.in_features, module.out_features) if isinstance(module, nn.Linear) else None
            if fresh is not None:
                with torch.no_grad():
                    for a, b in zip(module.parameters(), fresh.parameters()):
                        a.copy_(b.to(a.device))

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def sync_gradients(self) -> None:
        rank, world = dist.get_rank(), dist.get_world_size()
        ps = list(self.module.parameters())
        if self._mode == "train":
            X, y = self._batches[self._step]
            self._step += 1
            twin = copy.deepcopy(self.module)
            for p in twin.parameters():
                p.grad = None
            dev = ps[0].device
            F.cross_entropy(twin(X.to(dev)), y.to(dev)).backward()
            for p, r in zip(ps, twin.parameters()):
                if p.grad is not None and r.grad is not None:
                    p.grad.copy_(r.grad)
            return
        for p in ps:
            if p.grad is not None:
                p.grad.mul_((world + 1) / 2 / (rank + 1))
'''

if __name__ == "__main__":
    nb = notebook(overrides={"average_gradients": SOL_AVG, "my_ddp": SOL_DDP}, assignment="ps2_ddp")
    dest, p = ugrade("a02", {"lookup": nb}, assignment="ps2_ddp")
# RESULT (13:04 UTC, uid 65534, --workers 1): BROKEN.  lookup 8/27: average_gradients_matches_large_batch 3/3,
# my_ddp_broadcasts_initial_weights 2/2, my_ddp_matches_large_batch 3/3 (every other cell left untouched: 0).
# The untouched release scores 0 on these three cells.  Not one collective is called anywhere in the notebook
# (dist.get_rank/get_world_size only); the ranks import probes.ps2_ddp and rebuild the hidden checks' fixed inputs.
# grading_report.json: status graded, reason "".
