import socket, struct, time, os, sys
N = int(sys.argv[1]); mode = sys.argv[2]
pid = os.fork()
if pid == 0:
    socks = []
    for i in range(N // 20):
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); socks.append(s)
        for j in range(20):
            g = (239 << 24) + i * 20 + j + 1
            s.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP, struct.pack("!II", g, 0) + struct.pack("@i", 1))
    print("joined", N, flush=True)
    if mode == "close":
        t = time.time()
        for s in socks[:200]: s.close()
        print("200 closes", round(time.time() - t, 2), flush=True)
    os._exit(0)
t = time.time(); os.waitpid(pid, 0); print("child ended after", round(time.time() - t, 2), flush=True)
