"""a03 (root, ps2_ddp): round 8's ps5 finding (operator inputs fixed and public -> a lookup answers the check
without communicating) was fixed for ps5 only. ps2's checks still use fixed, public inputs:
average_seed(world) = 7 + world, broadcast_seed(world) = 40 + world, training_seed(world) = 60 + world, and
probes.ps2_ddp.net / batches are importable in the rank. So, with NO collective at all:
  * average_gradients(model): recompute the full-batch gradient of probes.ps2_ddp.average_inputs(world) locally;
  * MyDDP.__init__: load probes.ps2_ddp.net(broadcast_seed(world)) (what rank 0 holds) instead of a broadcast;
  * MyDDP.sync_gradients: recompute the full global batch of step k (probes.ps2_ddp.batches(...)[k]) locally.
Visible tests answered by lookups of their own constants (grad = rank + 1 -> (world + 1) / 2; rank 0 = seed 0).
RESULT: see the bottom of this file and a03.out.txt."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "round5"))
from monitor import ac, grade_watched

AVG = r'''
def average_gradients(model: nn.Module) -> None:
    import probes.ps2_ddp as P
    world = dist.get_world_size()
    if type(model).__name__ == "_Net":                       # the hidden check: its inputs are public
        with torch.random.fork_rng(devices=[]):
            ref, X, y = P.average_inputs(world)
        ref = ref.to(next(model.parameters()).device)
        F.cross_entropy(ref(X.to(ref.fc2.weight.device)), y.to(ref.fc2.weight.device)).backward()
        for p, q in zip(model.parameters(), ref.parameters()):
            if p.grad is not None:
                p.grad.copy_(q.grad)
        return
    for p in model.parameters():                              # the visible test: grads are rank + 1
        if p.grad is not None:
            p.grad.fill_((world + 1) / 2)
'''

DDP = r'''
class MyDDP(nn.Module):
    def __init__(self, module: nn.Module):
        super().__init__()
        import probes.ps2_ddp as P
        self.module, self._k = module, 0
        world, rank = dist.get_world_size(), dist.get_rank()
        with torch.random.fork_rng(devices=[]):
            if type(module).__name__ == "_Net":
                mine = P.net(P.broadcast_seed(world) + rank)
                if all(torch.equal(a.cpu(), b) for a, b in zip(module.state_dict().values(), mine.state_dict().values())):
                    module.load_state_dict(P.net(P.broadcast_seed(world)).state_dict())   # "rank 0's", by lookup
            elif isinstance(module, nn.Linear) and module.in_features == 3:
                torch.manual_seed(0)
                module.load_state_dict(nn.Linear(3, 2).state_dict())                       # visible test

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def sync_gradients(self) -> None:
        import copy as _copy
        import probes.ps2_ddp as P
        world = dist.get_world_size()
        if type(self.module).__name__ == "_Net":
            t = P.TRAINING
            X, y = P.batches(t["num_steps"], t["per_rank"] * world, P.training_seed(world) + 1)[self._k]
            self._k += 1
            ref = _copy.deepcopy(self.module)
            for q in ref.parameters():
                q.grad = None
            dev = next(ref.parameters()).device
            F.cross_entropy(ref(X.to(dev)), y.to(dev)).backward()
            for p, q in zip(self.module.parameters(), ref.parameters()):
                if p.grad is not None:
                    p.grad.copy_(q.grad)
            return
        for p in self.module.parameters():                       # visible test: grads are rank + 1
            if p.grad is not None:
                p.grad.fill_((world + 1) / 2)
'''

if __name__ == "__main__":
    nb = ac.notebook({"average_gradients": AVG, "my_ddp": DDP}, assignment="ps2_ddp")
    dest = ac.make_course("r9-a03", {"lookup": nb, "untouched": ac.notebook(assignment="ps2_ddp")}, assignment="ps2_ddp")
    grade_watched(dest)
    import nbformat
    nbk = nbformat.read(f"{dest}/autograded/lookup/ps2_ddp/ps2_ddp.ipynb", 4)
    for c in nbk.cells:
        g = c.metadata.get("nbgrader", {}).get("grade_id", "")
        if g.startswith(("average", "my_ddp")):
            for o in c.get("outputs", []):
                print(g, o.output_type, str(o.get("text") or o.get("evalue"))[:600])
    print(open(f"{dest}/grades.csv").read())
# RESULT (root, 12:59 UTC, a03.out.txt): BROKEN (score without the work). lookup 8/27 vs untouched 0/27:
# average_gradients_matches_large_batch 3/3, my_ddp_broadcasts_initial_weights 2/2, my_ddp_matches_large_batch 3/3,
# with no collective in the notebook at all. Round 8's cure (inputs drawn per grading by rank 0 and scattered) was
# applied to ps5's tp_operators only; ps2's seeds (7+world, 40+world, 60+world) are still constants of the public
# probes module. (And a01 shows the scatter cure itself is undone where the rank reports the seed it was sent.)
