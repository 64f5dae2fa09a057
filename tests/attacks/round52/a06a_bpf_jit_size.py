"""a06a (host, as uid 65534, no sandbox): how much of the host-wide BPF JIT budget (net.core.bpf_jit_limit, counted
for every unprivileged user together) one socket's classic filter (SO_ATTACH_FILTER, 4,096 instructions) takes:
/proc/vmallocinfo's bpf_prog_pack areas before and after N filtered sockets."""
import os, socket, struct, sys, time, ctypes
N = int(sys.argv[1]) if len(sys.argv) > 1 else 200
KIND = sys.argv[2] if len(sys.argv) > 2 else "ldabs"
LEN = int(sys.argv[3]) if len(sys.argv) > 3 else 4096
def packs():
    tot = 0; n = 0
    for l in open("/proc/vmallocinfo"):
        if "bpf_prog_pack" in l or "bpf_jit" in l:
            n += 1; tot += int(l.split()[1])
    return n, tot
# classic: ld [k] (BPF_LD|BPF_W|BPF_ABS = 0x20) or ldx/arith (BPF_ALU|BPF_ADD|BPF_K = 0x04), then ret #0
op = {"ldabs": 0x20, "alu": 0x04, "ldind": 0x40}[KIND]
insns = [struct.pack("HBBI", op, 0, 0, i % 64) for i in range(LEN - 1)] + [struct.pack("HBBI", 0x06, 0, 0, 0)]
prog = b"".join(insns)
buf = ctypes.create_string_buffer(prog)
fprog = struct.pack("HL", LEN, ctypes.addressof(buf))
r, w = os.pipe()
pid = os.fork()
if pid == 0:
    os.setgid(65534); os.setuid(65534)
    socks = []
    for i in range(N):
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            s.setsockopt(socket.SOL_SOCKET, 26, fprog)  # SO_ATTACH_FILTER
        except OSError as e:
            print("attach", i, e); break
        socks.append(s)
    os.write(w, b"x"); time.sleep(3); os._exit(0)
os.close(w)
b = packs()
os.read(r, 1)
a = packs()
os.waitpid(pid, 0)
time.sleep(1)
c = packs()
print(f"{KIND}: {N} filters of {LEN} insns: bpf packs {b} -> {a} (after exit {c}); "
      f"{(a[1]-b[1])/N/1024:.1f} KiB of vmalloc'd JIT space per filter; bpf_jit_limit {int(open('/proc/sys/net/core/bpf_jit_limit').read())>>20} MiB "
      f"-> {int(open('/proc/sys/net/core/bpf_jit_limit').read()) / max(1,(a[1]-b[1])/N):.0f} such filters fill it")
