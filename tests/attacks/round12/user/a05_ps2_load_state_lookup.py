"""a05: ps2's load_state_anywhere cell earned by a function that ignores the checkpoint it is given.

The check (probes.ps2_ddp._load_anywhere_rank, one rank, no drawn seed) loads checkpoints of `net(1)` (a
public, fixed seed) and the judge wants exactly `net(1)`'s weights (autograders/ps2_ddp.py: expected =
probe.flat(probe.net(1).state_dict().values())). So a load_state_anywhere that never reads the keys or the
values of `state_dict` (no 'module.' prefix handling at all, the exercise's whole point) and loads the public
net(1) into the unwrapped target instead passes, with the strict case answered by a lookup of the one
published wrong checkpoint (nn.Linear(5, 8): keys 'weight' and 'bias'); the visible asserts (seed 0's
Linear(3, 2)) by the same kind of lookup. Round 9 fixed this kind of lookup
for the distributed cells (seeds drawn per grading); this single-rank cell was left with a fixed seed.
Needs only the public probes/ module (in every student's kit)."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u12

LOOKUP = '''
def load_state_anywhere(model: nn.Module, state_dict: dict) -> nn.Module:
    """Does NOT load `state_dict`: loads the public probe's net(1) instead (a lookup of the check's input)."""
    from probes.ps2_ddp import net
    inner = getattr(model, "module", model)
    if isinstance(inner, nn.Linear) and tuple(inner.weight.shape) == (2, 3):  # the visible test: seed 0's Linear(3, 2)
        state = torch.random.get_rng_state()
        torch.manual_seed(0)
        inner.load_state_dict(nn.Linear(3, 2).state_dict())
        torch.random.set_rng_state(state)
        return model
    if "weight" in state_dict:  # the hidden check's one wrong checkpoint: nn.Linear(5, 8)
        raise RuntimeError("not a checkpoint of this model")
    inner.load_state_dict(net(1).to(next(inner.parameters()).device).state_dict())
    return model
'''
hostile = u12.notebook("ps2_ddp", overrides={"load_state_anywhere": LOOKUP})
dest = u12.course("a05", {("mallory", "ps2_ddp"): hostile})
u12.grade(dest)
u12.report(dest)
u12.scores(dest)
