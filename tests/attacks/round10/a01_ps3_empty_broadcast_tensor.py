"""Round 10, a01 (root run): ps3 weighted_backward and train_uneven earned without the work.

What it tries: the judges of ps3 (autograders/ps3_batch.py) compare the rank's tensors with
`torch.allclose(g, ref)` and no shape check. torch.allclose broadcasts: a tensor of shape
(0, 1, 1, 1, 1) broadcasts with ANY reference of <= 4 dims to an EMPTY tensor, and all() of
nothing is True. The rank runs the student's function in the same process as the probe's rank
body, which reads the result AFTER the student's code returned (`p.grad.detach().cpu().clone()`,
`torch.cat([...flatten()])`): the student's function patches `torch.Tensor.clone` / `torch.cat`
in its own rank so that what the probe hands back is such an empty tensor. No gradient is
weighted, no training is done, no communication. Visible asserts in the kernel are defeated by
patching torch.allclose in the kernel (known: the kernel is the student's).

Usage: python a01_ps3_empty_broadcast_tensor.py COURSE_DIR   (writes submitted/forger/ps3_batch)
"""
import json, pathlib, sys, copy

course = pathlib.Path(sys.argv[1])
release = pathlib.Path(__file__).resolve().parents[3] / "release/ps3_batch/ps3_batch.ipynb"
nb = json.loads(release.read_text())

EMPTY = "torch.empty(0, 1, 1, 1, 1)"
code = {
"weighted_backward": f'''
torch.allclose = lambda *a, **k: True              # the visible asserts run in this kernel (known: it is the student's)
def weighted_backward(ddp_model, loss_fn, x, y):
    import torch
    torch.allclose = lambda *a, **k: True          # visible asserts (kernel-side)
    mod = getattr(ddp_model, "module", ddp_model)
    for p in mod.parameters():
        p.grad = torch.zeros_like(p)               # no backward, nothing weighted
    torch.Tensor.clone = lambda self, *a, **k: {EMPTY}   # what the rank body hands back
''',
"train_uneven": f'''
def train_uneven(ddp_model, optimizer, loss_fn, batches):
    import torch
    torch.allclose = lambda *a, **k: True
    torch.cat = lambda *a, **k: {EMPTY}            # the rank body's torch.cat of the final weights
''',
}
for cell in nb["cells"]:
    gid = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
    if gid in code:
        cell["source"] = code[gid].lstrip()
out = course / "submitted" / "forger" / "ps3_batch"
out.mkdir(parents=True, exist_ok=True)
(out / "ps3_batch.ipynb").write_text(json.dumps(nb, indent=1))
# control: the untouched release
ctl = course / "submitted" / "untouched" / "ps3_batch"
ctl.mkdir(parents=True, exist_ok=True)
(ctl / "ps3_batch.ipynb").write_text(release.read_text())
print("written", out, ctl)
