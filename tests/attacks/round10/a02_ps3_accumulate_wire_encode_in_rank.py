"""Round 10, a02 (root run): ps3 accumulate_gradients_match_large_batch earned with wrong gradients,
plus a01's two cells, in one notebook ("forger2").

What it tries: the rank body `_accum_rank` returns [{"allreduces": n, "grads": [tensors]}, ...] and
`probes.common._WireResult` encodes it IN THE RANK, with `probes.wire.encode`, after the student's
function ran there. The student's function (one backward on the LAST micro-batch only: wrong, the
"zeroed before each micro-batch" mistake, one all-reduce) replaces `probes.wire.encode` in its own
rank with a wrapper that hands the grads back as a TUPLE of tensors of shape (0,1,1,1,1):
 - the judge's anti-mistake check ("holds the gradient of the last micro-batch only") runs only
   `if all(isinstance(got[rank][0].get("grads"), list) ...)`: a tuple skips it;
 - the main loop `torch.allclose(g, ref)` broadcasts (0,1,1,1,1) against any ref to an empty
   tensor: True for every parameter and cycle.
The visible assert in the kernel is defeated by torch.allclose patched there (known).

Usage: python a02_ps3_accumulate_wire_encode_in_rank.py COURSE_DIR
"""
import json, pathlib, sys

course = pathlib.Path(sys.argv[1])
nb = json.loads(pathlib.Path(__file__).resolve().parents[3] / "release/ps3_batch/ps3_batch.ipynb".read_text())
EMPTY = "torch.empty(0, 1, 1, 1, 1)"
code = {
"accumulate_gradients": f'''
torch.allclose = lambda *a, **k: True              # visible asserts run in this kernel (the student's)
def accumulate_gradients(ddp_model, loss_fn, micro_batches):
    import sys, torch
    x, y = micro_batches[-1]
    loss_fn(ddp_model(x), y).backward()            # last micro-batch only: wrong, one all-reduce
    w = sys.modules.get("probes.wire")
    if w is not None and not getattr(w.encode, "_forged", False):
        orig = w.encode
        def encode(obj, _depth=0):
            if isinstance(obj, dict) and isinstance(obj.get("grads"), list):   # each cycle's record, any depth
                obj = dict(obj, grads=tuple({EMPTY} for _ in obj["grads"]))
            return orig(obj, _depth)
        encode._forged = True
        w.encode = encode
''',
"weighted_backward": f'''
def weighted_backward(ddp_model, loss_fn, x, y):
    import torch
    mod = getattr(ddp_model, "module", ddp_model)
    for p in mod.parameters():
        p.grad = torch.zeros_like(p)
    torch.Tensor.clone = lambda self, *a, **k: {EMPTY}
''',
"train_uneven": f'''
def train_uneven(ddp_model, optimizer, loss_fn, batches):
    import torch
    torch.cat = lambda *a, **k: {EMPTY}
''',
}
for cell in nb["cells"]:
    gid = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
    if gid in code:
        cell["source"] = code[gid].lstrip()
out = course / "submitted" / "forger2" / "ps3_batch"
out.mkdir(parents=True, exist_ok=True)
(out / "ps3_batch.ipynb").write_text(json.dumps(nb, indent=1))
print("written", out)
