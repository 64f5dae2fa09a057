"""a07 (student side, uid 65534): after the rendezvous, connect to every new 127.0.0.1 listener of uid 0 that is not a
TCPStore (the TA's gloo pair listeners) and send what a gloo peer sends first (a 64-bit sequence number, 0..7), then
garbage; does the TA's running launch notice?"""
import sys, time, os, socket, struct, threading
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from diag import listeners
t0 = time.time()
def log(*a): print(f"{time.time()-t0:.3f}s", *a, flush=True)
def poke(port):
    time.sleep(1.0)  # well after the rendezvous
    for seq in range(8):
        try:
            c = socket.create_connection(("127.0.0.1", port), timeout=2)
            c.sendall(struct.pack("<Q", seq) + b"\xff" * 4096)
            c.settimeout(1)
            try: r = c.recv(64)
            except socket.timeout: r = b"(nothing)"
            log("port", port, "seq", seq, "answered", r[:32])
            keep.append(c)
        except OSError as e:
            log("port", port, "seq", seq, type(e).__name__, e); break
keep = []; seen = set(listeners())
while time.time() - t0 < float(sys.argv[1]):
    for port in listeners():
        if port not in seen:
            seen.add(port); threading.Thread(target=poke, args=(port,), daemon=True).start()
    time.sleep(0.001)
