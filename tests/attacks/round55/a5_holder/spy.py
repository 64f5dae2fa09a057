# Run as uid 65534 while the TA's launch runs: list listening TCP sockets of the host's network, the holder's
# namespace links, and try to join it.
import os, time, glob, socket, ctypes
time.sleep(8)
listen = [l.split() for l in open("/proc/net/tcp").read().splitlines()[1:] if l.split()[3] == "0A"]
print("host listeners (uid, local):", sorted({(l[7], l[1]) for l in listen}))
for p in glob.glob("/proc/[0-9]*"):
    try:
        cmd = open(p + "/cmdline", "rb").read().replace(b"\0", b" ")
    except OSError:
        continue
    if b"_private_network.py" in cmd and b"attack55-root" in cmd:
        print("holder", p, cmd.decode()[:120])
        for kind in ("net", "user"):
            try:
                fd = os.open(p + "/ns/" + kind, os.O_RDONLY); print(" opened", kind, "ns of holder"); os.close(fd)
            except OSError as e:
                print(" ", kind, "ns:", e)
        try:
            print("  status uid line:", [l for l in open(p + "/status") if l.startswith("Uid")])
        except OSError as e:
            print("  status:", e)
