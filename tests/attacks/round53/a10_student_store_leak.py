"""a10 (student side, uid 65534): read each rank's gloo address blob from every new TA store (a04's reader, fast scan)
and print the bytes past the 16-byte sockaddr_in: uninitialised memory of the TA's process?"""
import sys, time, os, threading, datetime, struct
os.environ["TORCH_CPP_LOG_LEVEL"] = "FATAL"
import torch.distributed as dist
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from diag import listeners
t0 = time.time()
def read(port):
    try:
        s = dist.TCPStore("127.0.0.1", port, is_master=False, timeout=datetime.timedelta(seconds=3), wait_for_workers=False)
        s.wait(["0//cpu//0/0", "0//cpu//0/1"])
    except Exception:
        return
    for k in ("0//cpu//0/0", "0//cpu//0/1"):
        v = s.get(k); i = v.find(b"\x02\x00", 16)
        words = [hex(w) for w in struct.unpack_from("<6Q", v, i + 16)] if len(v) >= i + 64 else []
        print(f"{time.time()-t0:.2f}s port {port} {k}: {len(v)} bytes; past the sockaddr_in: {words}", flush=True)
seen = set(listeners())
while time.time() - t0 < float(sys.argv[1]):
    for port in listeners():
        if port not in seen:
            seen.add(port); threading.Thread(target=read, args=(port,), daemon=True).start()
    time.sleep(0.001)
