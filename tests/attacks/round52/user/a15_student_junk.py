"""Student (uid 1001): poll /proc/net/tcp for new listeners of the TA's uid (the TCPStore, gloo's pair listeners) and
send each 64 KiB of junk; also try TCPStore-client calls on each."""
import os, socket, time
seen = set(); t0 = time.time(); log = []
def listeners():
    out = set()
    for line in open("/proc/net/tcp").read().splitlines()[1:]:
        f = line.split()
        if f[3] == "0A" and int(f[7]) == 65534: out.add(int(f[1].split(":")[1], 16))
    return out
base = listeners()
while time.time() - t0 < 20:
    for p in listeners() - base - seen:
        seen.add(p)
        try:
            s = socket.create_connection(("127.0.0.1", p), timeout=1); s.sendall(os.urandom(65536)); log.append((round(time.time() - t0, 2), p, "junk sent")); s.close()
        except OSError as e: log.append((p, str(e)))
    time.sleep(0.005)
print("student:", log)
