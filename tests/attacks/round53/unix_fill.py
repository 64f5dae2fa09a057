import socket, os, sys, time
def meminfo():
    d = {l.split(':')[0]: int(l.split()[1]) for l in open('/proc/meminfo')}
    return d['MemAvailable']//1024, (d['Slab'])//1024, d.get('SUnreclaim',0)//1024
cg = sys.argv[1]; n = int(sys.argv[2]); kind = sys.argv[3]
def usage(): return int(open(cg + '/memory.usage_in_bytes').read())//2**20, int(open(cg + '/memory.kmem.usage_in_bytes').read())//2**20
b = meminfo(); u0 = usage()
keep = []; total = 0
for i in range(n):
    a, c = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM if kind == 'stream' else socket.SOCK_DGRAM)
    a.setblocking(False)
    try:
        while True:
            total += a.send(b'x' * (65536 if kind == 'stream' else 1024))
    except BlockingIOError: pass
    keep += [a, c]
time.sleep(1)
e = meminfo(); u1 = usage()
print(f"{kind} pairs={n} bytes queued={total>>20} MiB  host MemAvailable {b[0]}->{e[0]} MiB  Slab {b[1]}->{e[1]}  SUnreclaim {b[2]}->{e[2]}  cgroup usage {u0}->{u1} MiB, kmem {u0}->{u1}")
print("cg usage,kmem", usage())
