"""Round 10, a02 local: the accumulate_gradients forge of a02 (wire.encode replaced in the rank, grads handed back
as a tuple of (0,1,1,1,1) tensors) run against the real probe and judge in one process, observer marked trusted.
Result: JUDGE PASSED (first with a top-level-only wrapper: JUDGE FAILED, "last micro-batch only")."""
import os, sys, json, torch
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from probes import observer, wire
import probes.ps3_batch as p3
observer.ACTIVE, observer._PID = True, os.getpid()
EMPTY = lambda: torch.empty(0,1,1,1,1)
def accumulate_gradients(ddp_model, loss_fn, micro_batches):
    import sys, torch
    x, y = micro_batches[-1]
    loss_fn(ddp_model(x), y).backward()
    w = sys.modules.get("probes.wire")
    print("rank sees wire", w is not None, file=sys.stderr)
    if w is not None and not getattr(w.encode, "_forged", False):
        orig = w.encode
        def encode(obj, _depth=0):
            if isinstance(obj, dict) and isinstance(obj.get("grads"), list):
                print("forging", file=sys.stderr)
                obj = dict(obj, grads=tuple(torch.empty(0,1,1,1,1) for _ in obj["grads"]))
            return orig(obj, _depth)
        encode._forged = True
        w.encode = encode
p3.accumulate_gradients_match_large_batch.__wrapped__(accumulate_gradients)
check, obs = observer._REPORTS[0]
o = wire.decode(obs)
print(type(o), list(o)[:5] if isinstance(o, dict) else None)
print(type(o["runs"][0][0][0]["grads"]))
from autograders import ps3_batch as j
try:
    j.judge_accumulate_gradients_match_large_batch(o); print("JUDGE PASSED")
except AssertionError as e: print("JUDGE FAILED", e)
