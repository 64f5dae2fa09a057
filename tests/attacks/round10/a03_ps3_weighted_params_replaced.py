"""Round 10, a03 (root run): ps3 weighted_backward_full_batch_gradient earned with NO patch of torch or
of the grader's modules in the rank: only what the student's function does to its argument.

What it tries: the rank body hands back [p.grad.detach().cpu().clone() for p in model.parameters()] and
the judge compares each with `torch.allclose(g, ref)` without a shape check. The function replaces
every parameter of the DDP-wrapped model (its argument) by an nn.Parameter of shape (0,1,1,1,1)
with a grad of that shape: the judge's allclose broadcasts it with the reference to an empty tensor
and says True. No backward, no weighting, no communication. (The kernel's visible assert is
defeated by torch.allclose patched in the kernel; known and not the point.)

First run (course-5): the replaced parameters also reached the kernel's visible test, which runs the model
afterwards (t() of a 5-D weight): 0 points. Second run (course-6): only when the direct caller is `_weighted_rank`: but the caller is observer.Student.__call__,
so nothing was replaced and no grad existed (0). Third run (course-7): any frame above is `_weighted_rank`; the
visible run gets a plain local backward (wrong gradient, the kernel's patched allclose passes it).

Usage: python a03_ps3_weighted_params_replaced.py COURSE_DIR   (student "forger3")
"""
import json, pathlib, sys

course = pathlib.Path(sys.argv[1])
nb = json.loads(pathlib.Path(__file__).resolve().parents[3] / "release/ps3_batch/ps3_batch.ipynb".read_text())
code = {
"weighted_backward": '''
torch.allclose = lambda *a, **k: True              # the visible assert runs in this kernel (the student's)
def weighted_backward(ddp_model, loss_fn, x, y):
    import sys, torch
    from torch import nn
    f, probe = sys._getframe(1), False
    while f is not None:
        probe, f = probe or f.f_code.co_name == "_weighted_rank", f.f_back
    if not probe:                                  # the kernel's visible run: a plain local backward
        loss_fn(ddp_model(x), y).backward()
        return
    mod = getattr(ddp_model, "module", ddp_model)
    for sub in mod.modules():
        for name in list(sub._parameters):
            if sub._parameters[name] is not None:
                p = nn.Parameter(torch.empty(0, 1, 1, 1, 1))
                p.grad = torch.empty(0, 1, 1, 1, 1)
                sub._parameters[name] = p
''',
}
for cell in nb["cells"]:
    gid = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
    if gid in code:
        cell["source"] = code[gid].lstrip()
out = course / "submitted" / "forger3" / "ps3_batch"
out.mkdir(parents=True, exist_ok=True)
(out / "ps3_batch.ipynb").write_text(json.dumps(nb, indent=1))
print("written", out)
