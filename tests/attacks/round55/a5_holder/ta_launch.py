# Run by the TA (root) in the checkout: a 2-rank gloo launch that holds its store and connections for 25 s.
import os, sys, time
sys.path.insert(0, "CLONE")
import helpers, torch, torch.distributed as dist
def work():
    rank = dist.get_rank()
    t = torch.ones(4) * (rank + 1)
    dist.all_reduce(t)
    time.sleep(25)
    return t.tolist(), open("/proc/self/net/tcp").read().count("\n") - 1
print(helpers.launch(work, 2), flush=True)
