# build a large IPv6 multicast list on lo, then keep joining/leaving one more group (each op scans the list under RTNL)
import socket, struct, time, sys, threading
N = int(sys.argv[1]); T = float(sys.argv[2]); THREADS = int(sys.argv[3]) if len(sys.argv) > 3 else 1
socks = []; s = None
t0 = time.time()
for i in range(N):
    if i % 1500 == 0:
        s = socket.socket(socket.AF_INET6, socket.SOCK_DGRAM); socks.append(s)
    s.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_JOIN_GROUP, socket.inet_pton(socket.AF_INET6, "ff05::%x:%x" % (i >> 16, i & 0xffff)) + struct.pack("@I", 1))
print("built", N, round(time.time() - t0, 1), flush=True)
def churn(k):
    x = socket.socket(socket.AF_INET6, socket.SOCK_DGRAM); ops = 0
    g = socket.inet_pton(socket.AF_INET6, "ff05::ffff:%x" % k) + struct.pack("@I", 1)
    end = time.time() + T
    while time.time() < end:
        x.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_JOIN_GROUP, g)
        x.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_LEAVE_GROUP, g); ops += 2
    print("ops", ops, flush=True)
th = [threading.Thread(target=churn, args=(k,)) for k in range(THREADS)]
[t.start() for t in th]; [t.join() for t in th]
