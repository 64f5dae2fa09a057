"""a04 (ORDINARY USER): ps1's two_stage_step (4 points) earned with no pipeline at all: no send, no recv.

The check (probes.ps1_memory._two_stage_rank) runs in each rank, a process that runs the student's code, and keeps
the whole model in a local variable `model` (so does the visible check, `_visible_check`). The student's function
walks its callers' frames to that model, runs the WHOLE model forward and backward on its own rank (rank 1 also has
stage 0's layers there, with the same weights: same seed) and returns loss.item() on rank 1, None on rank 0.
The README's threat model lists "what a check records inside a process that runs the student's code" as forgeable;
this one needs no forged record, only the probe's locals. The other cells are left untouched.
"""
from u import *

STEP = r'''
def two_stage_step(stage, batch, target, loss_fn, activation_shape):
    import sys
    first = next(iter(stage))
    f = sys._getframe(1)
    while f is not None:
        m = f.f_locals.get("model")
        if isinstance(m, nn.Sequential) and any(mod is first for mod in m):
            break
        f = f.f_back
    loss = loss_fn(m(batch), target)
    loss.backward()
    return loss.item() if dist.get_rank() == 1 else None
'''

nb = notebook(overrides={"two_stage_step": STEP})

if __name__ == "__main__":
    dest, p = ugrade("04", {"nopipe": nb})
    outputs(dest, "nopipe")

# RESULT (ORDINARY USER, 73 s): BROKEN (points without the work; same class as round 4's frame peek, and inside the
# README's "what a check records inside a process that runs the student's code" residual). nopipe 4/30:
#   two_stage_step_matches_whole_model (4.0, None, False, 4.0)   - no dist.send/recv anywhere in the notebook
# everything else untouched (0). The visible check passed too (no error output).
# Without frames it also works: the hidden cases are public (probes.ps1_memory.STEP_CASES, stack(seed)).
