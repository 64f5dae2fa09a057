"""a04e (victim, root = the TA): three lecture-style launches of 2 ranks; each rank prints what its all_reduce gave
(expected [3.0]*4), so a rank paired with an impostor shows it even when the launch then times out."""
import sys, time
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
import helpers
def work():
    import torch, torch.distributed as dist, time
    x = torch.full((4,), float(dist.get_rank() + 1))
    for i in range(int(__import__("os").environ.get("A04_STEPS", "10"))):
        y = x.clone(); dist.all_reduce(y); time.sleep(0.05)
        if i in (0, 9, 59): print(f"TA rank {dist.get_rank()} all_reduce {i}: {y.tolist()}", flush=True)
    return y.tolist()
for k in range(int(__import__("os").environ.get("A04_LAUNCHES", "3"))):
    t = time.time()
    try:
        print("TA launch", k, "result:", helpers.launch(work, 2, timeout=int(__import__("os").environ.get("A04_TIMEOUT", "20"))), f"{time.time()-t:.1f}s", flush=True)
    except Exception as e:
        print("TA launch", k, "failed:", type(e).__name__, str(e)[:160].replace("\n", " "), f"{time.time()-t:.1f}s", flush=True)
