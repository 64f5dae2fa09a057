"""a04 (victim side, run as root = the TA): a lecture-style launch of 2 ranks, as `make nbval`/`make lab` run them on
the host: all_reduce of a secret-ish tensor 40 times over 8 s, then print the result."""
import sys, time
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
import helpers
def work():
    import torch, torch.distributed as dist, time
    x = torch.full((4,), float(dist.get_rank() + 1))
    for i in range(40):
        y = x.clone(); dist.all_reduce(y); time.sleep(0.2)
    return y.tolist()
t = time.time()
try:
    print("TA result:", helpers.launch(work, 2), "expected [3.0]*4", f"{time.time()-t:.1f}s")
except Exception as e:
    print("TA launch failed:", type(e).__name__, str(e)[:400], f"{time.time()-t:.1f}s")
