"""a04d (victim, root = the TA): five lecture-style launches of 2 ranks in a row (as nbval runs a notebook's cells):
each all_reduces rank+1 ten times; prints each result (expected [3.0]*4)."""
import sys, time
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
import helpers
def work():
    import torch, torch.distributed as dist, time
    x = torch.full((4,), float(dist.get_rank() + 1))
    for i in range(10):
        y = x.clone(); dist.all_reduce(y); time.sleep(0.05)
    return y.tolist()
for k in range(5):
    t = time.time()
    try:
        print("TA launch", k, "result:", helpers.launch(work, 2, timeout=60), f"{time.time()-t:.1f}s", flush=True)
    except Exception as e:
        print("TA launch", k, "failed:", type(e).__name__, str(e)[:300].replace("\n", " "), f"{time.time()-t:.1f}s", flush=True)
