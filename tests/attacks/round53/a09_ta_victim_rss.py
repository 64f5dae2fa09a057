"""a09 (victim, root): one launch of 2 ranks that all_reduce for 15 s; rank 0 (the store's host) prints its resident
memory at the start and the end."""
import sys, time
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
import helpers
def work():
    import torch, torch.distributed as dist, time, os
    rss = lambda: int(open("/proc/self/status").read().split("VmRSS:")[1].split()[0]) // 1024
    x = torch.full((4,), float(dist.get_rank() + 1))
    if dist.get_rank() == 0: print("TA rank 0 RSS at start", rss(), "MiB", flush=True)
    for i in range(150):
        y = x.clone(); dist.all_reduce(y); time.sleep(0.1)
    if dist.get_rank() == 0: print("TA rank 0 RSS at end", rss(), "MiB", flush=True)
    return y.tolist()
print("TA result:", helpers.launch(work, 2, timeout=60))
