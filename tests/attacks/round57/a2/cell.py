# A2: kernel memory of AF_UNIX socket buffers: counted in the sandbox's memory cgroup?
import socket, time, os
def avail():
    for l in open('/proc/meminfo'):
        if l.startswith('MemAvailable'): return int(l.split()[1]) // 1024
print("phase0 baseline", time.time(), avail(), flush=True)
time.sleep(6)
blob = bytearray(200 * 2**20)          # control: 200 MiB of ordinary memory (the cgroup counts it)
for i in range(0, len(blob), 4096): blob[i] = 1
print("phaseA bytearray held", time.time(), avail(), flush=True)
time.sleep(8)
del blob
print("phaseA freed", time.time(), avail(), flush=True)
time.sleep(6)
pairs, queued = [], 0
for i in range(500):                    # 1,000 descriptors, under the 1,280 cap
    a, b = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    for s in (a, b):
        s.setblocking(False)
        try:
            while True:
                queued += s.send(b"x" * 65536)
        except BlockingIOError:
            pass
    pairs.append((a, b))
print("phaseB unix sockets queued", queued >> 20, "MiB", time.time(), avail(), flush=True)
time.sleep(12)
for a, b in pairs: a.close(); b.close()
print("phaseB closed", time.time(), avail(), flush=True)
time.sleep(4)
