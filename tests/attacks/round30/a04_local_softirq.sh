#!/bin/bash
# a04 (local): does loopback traffic from a sandbox-like process (uid 65534, own net namespace via bwrap) push CPU
# work to ksoftirqd (root cgroup, outside the sandbox's cpu share)? 2 UDP and 2 TCP flooders for 20 s.
ks() { for p in $(pgrep -x ksoftirqd/0) $(pgrep -x ksoftirqd/1); do awk '{print $14+$15}' /proc/$p/stat; done | paste -sd+ | bc; }
k0=$(ks); t0=$(date +%s.%N)
setpriv --reuid 65534 --regid 65534 --clear-groups bwrap --unshare-net --unshare-user --unshare-pid --dev-bind / / --proc /proc \
  python3 -c '
import socket, os, time, resource
def udp():
    r = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); r.bind(("127.0.0.1", 0))
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.setblocking(False); a = r.getsockname()
    end = time.time() + 20
    while time.time() < end:
        for _ in range(1000):
            try: s.sendto(b"x", a)
            except BlockingIOError: pass
        try:
            while True: r.recv(65536, socket.MSG_DONTWAIT)
        except BlockingIOError: pass
def tcp():
    l = socket.socket(); l.bind(("127.0.0.1", 0)); l.listen(); c = socket.create_connection(l.getsockname()); a, _ = l.accept()
    a.setblocking(False); end = time.time() + 20; buf = b"y" * 65536
    while time.time() < end:
        c.send(buf)
        try:
            while True: a.recv(1 << 20)
        except BlockingIOError: pass
kids = []
for f in (udp, udp, tcp, tcp):
    pid = os.fork()
    if pid == 0:
        f(); os._exit(0)
    kids.append(pid)
for k in kids: os.waitpid(k, 0)
u = resource.getrusage(resource.RUSAGE_CHILDREN); print(f"flooders own CPU {u.ru_utime + u.ru_stime:.1f} s")
'
k1=$(ks); t1=$(date +%s.%N)
echo "wall $(echo "$t1-$t0" | bc) s; ksoftirqd CPU ticks delta $((k1-k0)) (x10 ms)"
