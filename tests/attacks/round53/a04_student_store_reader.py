"""a04 (student side, run as uid 65534 = another local account): poll /proc/net/tcp for listening IPv4 sockets of
uid 0 on 127.0.0.1, connect to each as a c10d TCPStore client (no authentication), list and read its keys."""
import sys, time, os, threading
os.environ["TORCH_CPP_LOG_LEVEL"] = "FATAL"
import torch.distributed as dist, datetime
seen = set(); t0 = time.time()
def listeners():
    out = []
    for line in open("/proc/net/tcp").read().splitlines()[1:]:
        f = line.split()
        if f[3] == "0A" and int(f[7]) == 0 and f[1].startswith("0100007F"):
            out.append(int(f[1].split(":")[1], 16))
    return out
def probe(port):
    try:
        s = dist.TCPStore("127.0.0.1", port, is_master=False, timeout=datetime.timedelta(seconds=3), wait_for_workers=False)
    except Exception as e:
        print(f"{time.time()-t0:.2f}s port {port}: not a store ({type(e).__name__})", flush=True); return
    for round_ in range(3):
        keys = s.list_keys()
        print(f"{time.time()-t0:.2f}s port {port}: TCPStore of root, {len(keys)} keys", flush=True)
        for k in keys[:30]:
            try: print("   ", k, "=", s.get(k)[:100], flush=True)
            except Exception as e: print("   ", k, "get failed", type(e).__name__)
        time.sleep(1)
before = set(listeners())  # ports that were there before the TA's run: not ours to look at
while time.time() - t0 < float(sys.argv[1]):
    for port in listeners():
        if port in seen or port in before: continue
        seen.add(port)
        threading.Thread(target=probe, args=(port,), daemon=True).start()
    time.sleep(0.002)
