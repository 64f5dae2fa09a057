"""Run as the local student (uid 65534) while the TA grades: every new TCP listener on the host's network and every
new abstract or path unix socket that appears; try to connect to each (the TA's kernels, templates, servers)."""
import os, socket, sys, time
def tcp():
    found = {}
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in open(name).read().splitlines()[1:]:
            f = line.split()
            if f[3] == "0A":  # LISTEN
                found[(name, f[1])] = int(f[7])
    return found
def unix():
    found = set()
    for line in open("/proc/net/unix").read().splitlines()[1:]:
        f = line.split()
        if len(f) >= 8 and f[5] == "01" and f[3] == "00010000":  # listening
            found.add(f[7])
    return found
base_t, base_u = tcp(), unix()
end = time.time() + float(sys.argv[1])
seen_t, seen_u = set(), set()
print("listener watch uid", os.getuid(), "baseline tcp", len(base_t), "unix", len(base_u), flush=True)
while time.time() < end:
    for key, uid in tcp().items():
        if key in base_t or key in seen_t:
            continue
        seen_t.add(key)
        addr = key[1]
        host, port = addr.split(":")
        port = int(port, 16)
        ok = "?"
        if len(host) == 8:
            ip = ".".join(str(int(host[i:i+2], 16)) for i in (6, 4, 2, 0))
            try:
                s = socket.create_connection((ip if ip != "0.0.0.0" else "127.0.0.1", port), timeout=1); s.close(); ok = "CONNECTED"
            except OSError as e:
                ok = f"refused ({e})"
        else:
            ip = host
        print(time.strftime("%H:%M:%S"), "new TCP listener", ip, port, "owner uid", uid, ok, flush=True)
    for path in unix() - base_u - seen_u:
        seen_u.add(path)
        ok = "?"
        try:
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.settimeout(1)
            s.connect("\0" + path[1:] if path.startswith("@") else path)
            s.close(); ok = "CONNECTED"
        except OSError as e:
            ok = f"no ({e.strerror})"
        print(time.strftime("%H:%M:%S"), "new unix listener", path, ok, flush=True)
    time.sleep(0.05)
