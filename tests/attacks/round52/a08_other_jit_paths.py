"""a08: other ways from the kernel's sandbox into the same host-wide JIT budget: SO_ATTACH_REUSEPORT_CBPF (51) on 300
sockets, and the kernel's own stacked seccomp filters (prctl(PR_SET_SECCOMP) after no_new_privs, in a child) until
the kernel's per-process limit; the host's bpf_prog_pack space sampled outside."""
import threading, time
from common import *
CODE = r'''
import socket, struct, ctypes, os, time
libc = ctypes.CDLL(None, use_errno=True)
def fprog_of(insns):
    b = ctypes.create_string_buffer(b"".join(insns)); keep.append(b)
    return struct.pack("HL", len(insns), ctypes.addressof(b))
keep = []
ld = [struct.pack("HBBI", 0x20, 0, 0, i % 64) for i in range(1023)] + [struct.pack("HBBI", 0x06, 0, 0, 0)]
socks, err = [], None
for i in range(300):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.setsockopt(socket.SOL_SOCKET, 15, 1); s.bind(("127.0.0.1", 0))
    try: s.setsockopt(socket.SOL_SOCKET, 51, fprog_of(ld))
    except OSError as e: err = e; break
    socks.append(s)
print("REUSEPORT_CBPF attached:", len(socks), err, flush=True)
pid = os.fork()
if pid == 0:
    libc.prctl(38, 1, 0, 0, 0)
    # seccomp: 4095 x (ld arch; no-op jump) + ret ALLOW
    prog = [struct.pack("HBBI", 0x20, 0, 0, 4)] * 4095 + [struct.pack("HBBI", 0x06, 0, 0, 0x7FFF0000)]
    n = 0
    while True:
        a = ctypes.create_string_buffer(fprog_of(prog))
        if libc.prctl(22, 2, a, 0, 0) != 0:
            print("SECCOMP stacked filters:", n, "then errno", ctypes.get_errno(), flush=True); break
        n += 1
    time.sleep(5); os._exit(0)
time.sleep(6)
os.waitpid(pid, 0)
'''
def packs():
    return sum(int(l.split()[1]) for l in open("/proc/vmallocinfo") if "bpf_prog_pack" in l)
base = packs(); peak = [base]; stop = False
def sampler():
    while not stop:
        peak.append(packs()); time.sleep(0.2)
threading.Thread(target=sampler, daemon=True).start()
c = probe_run("a08", CODE)
stop = True
print(f"host bpf_prog_pack space: base {base >> 20} MiB, peak {max(peak) >> 20} MiB")
