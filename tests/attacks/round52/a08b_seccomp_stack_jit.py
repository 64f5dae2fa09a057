"""a08b (host, uid 65534): JIT space taken by stacked seccomp filters (7 x 4,096 instructions a process, the path
limit), in 20 processes: does a fix of a06 also need to refuse seccomp() inside?"""
import os, struct, ctypes, time
libc = ctypes.CDLL(None, use_errno=True)
def packs():
    return sum(int(l.split()[1]) for l in open("/proc/vmallocinfo") if "bpf_prog_pack" in l)
base = packs()
r, w = os.pipe(); kids = []
for k in range(20):
    pid = os.fork()
    if pid == 0:
        os.close(r); os.setgid(65534); os.setuid(65534); libc.prctl(38, 1, 0, 0, 0)
        prog = [struct.pack("HBBI", 0x20, 0, 0, 4), struct.pack("HBBI", 0x15, 0, 0, 1)] * 2047 + [struct.pack("HBBI", 0x06, 0, 0, 0x7FFF0000)] * 2
        buf = ctypes.create_string_buffer(b"".join(prog)); fp = ctypes.create_string_buffer(struct.pack("HL", len(prog), ctypes.addressof(buf)))
        n = 0
        while libc.prctl(22, 2, fp, 0, 0) == 0: n += 1
        os.write(w, b"%d\n" % n); time.sleep(3); os._exit(0)
    kids.append(pid)
os.close(w); time.sleep(2)
peak = packs()
counts = os.read(r, 1000).split()
for p in kids: os.waitpid(p, 0)
print(f"20 processes, stacked seccomp filters each: {set(counts)}; host JIT space {base >> 20} -> {peak >> 20} MiB "
      f"({(peak - base) / 20 / 1024:.0f} KiB a process; x 256 processes = {(peak - base) / 20 * 256 / 2**20:.0f} MiB of {int(open('/proc/sys/net/core/bpf_jit_limit').read()) >> 20})")
