import os, socket, sys, errno, time
keep = []
n = 0
try:
    while True:
        a, b = socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)
        keep += [a, b]
        for _ in range(5):
            socket.send_fds(b, [b"x"], [a.fileno()] * 200); n += 200
except OSError as e:
    print("hold: stopped", e, "inflight", n, flush=True)
mode = sys.argv[1] if len(sys.argv) > 1 else "hold"
if mode == "garbage":
    for s in keep: s.close()
    print("closed all (garbage cycles left)", flush=True)
time.sleep(float(sys.argv[2]) if len(sys.argv) > 2 else 6)
