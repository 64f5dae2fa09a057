import helpers, os, time
def slow():
    import torch.distributed as dist
    time.sleep(12)
    return dist.get_rank()
print("TA launch ->", helpers.launch(slow, 2, timeout=60), "network", helpers.launch.__module__, flush=True)
