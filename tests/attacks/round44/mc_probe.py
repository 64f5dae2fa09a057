import socket, struct, time, sys, os
N = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
fam = sys.argv[2] if len(sys.argv) > 2 else "6"
t = time.time(); joined = 0; socks = []; err = None
def memfree():
    m = dict(l.split(":") for l in open("/proc/meminfo"))
    return {k: m[k].strip() for k in ("MemAvailable", "Slab", "SUnreclaim")}
print("before", memfree(), flush=True)
s = None
for i in range(N):
    try:
        if fam == "6":
            if s is None or joined % 1500 == 0 and joined:
                s = socket.socket(socket.AF_INET6, socket.SOCK_DGRAM); socks.append(s)
            grp = socket.inet_pton(socket.AF_INET6, "ff05::%x:%x" % (i >> 16, i & 0xffff))
            s.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_JOIN_GROUP, grp + struct.pack("@I", 1))
        else:
            if s is None or joined % 20 == 0 and joined:
                s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); socks.append(s)
            grp = struct.pack("!I", (239 << 24) + i + 1)
            s.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP, grp + struct.pack("!I", 0) + struct.pack("@i", 1))
        joined += 1
        if joined % 5000 == 0:
            print(joined, round(time.time() - t, 2), flush=True)
    except OSError as e:
        err = repr(e); break
print("joined", joined, "sockets", len(socks), "secs", round(time.time() - t, 2), "err", err, flush=True)
print("after", memfree(), flush=True)
t = time.time()
for s in socks: s.close()
print("close secs", round(time.time() - t, 2))
