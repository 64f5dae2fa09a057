"""Run as uid 65000 while the TA runs tests/test_spawn.py (make test): connect to every new TCP listener of the TA on
127.0.0.1 (spawned ranks' gloo listeners and store) at once and hold the connection open, sending nothing."""
import os, socket, time
TA = 65534
seen, held = set(), []
end = time.time() + float(os.environ.get("SECONDS_LEFT", "200"))
log = open(os.environ.get("LOG", "/dev/stdout"), "a", buffering=1)
while time.time() < end:
    for l in open("/proc/net/tcp").read().splitlines()[1:]:
        f = l.split()
        if f[3] == "0A" and int(f[7]) == TA and f[1].startswith("0100007F"):
            port = int(f[1].split(":")[1], 16)
            if port not in seen:
                seen.add(port)
                try:
                    c = socket.create_connection(("127.0.0.1", port), timeout=1); held.append(c)
                    log.write(f"{time.strftime('%T')} holding a silent connection to the TA's 127.0.0.1:{port}\n")
                except OSError as e:
                    log.write(f"{time.strftime('%T')} {port}: {e}\n")
    time.sleep(0.001)
