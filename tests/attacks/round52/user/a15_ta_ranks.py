"""TA side (uid 65534): ranks as a lecture or solution notebook starts them outside the sandbox (make lab, nbval):
helpers.launch, world 2, gloo on the host's 127.0.0.1; three all-reduces 4 s apart."""
import sys, time
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
import helpers
def fn():
    import torch, torch.distributed as dist, time
    out = []
    for i in range(3):
        t = torch.ones(4) * (dist.get_rank() + 1)
        dist.all_reduce(t); out.append(t.tolist()); time.sleep(4)
    return out
t = time.time()
try:
    print("TA's ranks returned:", helpers.launch(fn, 2), "in %.1fs" % (time.time() - t), flush=True)
except Exception as e:
    print("TA's ranks FAILED:", type(e).__name__, str(e)[:600], flush=True)
