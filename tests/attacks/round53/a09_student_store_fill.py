"""a09 (student side, uid 65534): put memory into the TA's process instead of her own: as soon as a new 127.0.0.1
TCPStore of uid 0 answers, set N values of 8 MiB under keys of her own (the store keeps them in rank 0 of the TA's
launch, as root, outside any cap her own account has)."""
import sys, time, os, threading, datetime
os.environ["TORCH_CPP_LOG_LEVEL"] = "FATAL"
import torch.distributed as dist
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from diag import listeners
t0 = time.time(); N = int(sys.argv[2])
def log(*a): print(f"{time.time()-t0:.3f}s", *a, flush=True)
def fill(port):
    try:
        s = dist.TCPStore("127.0.0.1", port, is_master=False, timeout=datetime.timedelta(seconds=3), wait_for_workers=False)
    except Exception:
        return
    import resource
    blob = b"\0" * (int(os.environ.get("A09_MIB", "8")) << 20); n = 0
    try:
        for i in range(N):
            s.set(f"student/{i}", blob); n += 1
    except Exception as e:
        log("stopped:", type(e).__name__, str(e)[:100])
    log("port", port, f"stored {n} x 8 MiB = {n*8} MiB in the TA's store; her own max RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss//1024} MiB")
seen = set(listeners())
while time.time() - t0 < float(sys.argv[1]):
    for port in listeners():
        if port not in seen:
            seen.add(port); threading.Thread(target=fill, args=(port,), daemon=True).start()
    time.sleep(0.001)
