"""a06: from inside the kernel's sandbox, classic socket filters (setsockopt SOL_SOCKET SO_ATTACH_FILTER, allowed:
only the buffer options of SOL_SOCKET are filtered) JIT-compiled into the host-wide BPF JIT budget
(net.core.bpf_jit_limit, 504 MiB here, shared by every unprivileged user of the host; the kernel is built with
BPF_JIT_ALWAYS_ON, so past it no unprivileged process can load a seccomp filter: bwrap --seccomp of every later
sandbox fails).  NPROC processes x NSOCK sockets, one 1,024-instruction filter each; sampled outside: the host's
bpf_prog_pack areas in /proc/vmallocinfo.  Kept at ~10 % of the budget: this machine is shared."""
import threading, time, sys
from common import *
NPROC = int(sys.argv[1]) if len(sys.argv) > 1 else 1
NSOCK = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
CODE = r'''
import socket, struct, ctypes, os, time
LEN = 1024
prog = b"".join(struct.pack("HBBI", 0x20, 0, 0, i %% 64) for i in range(LEN - 1)) + struct.pack("HBBI", 0x06, 0, 0, 0)
buf = ctypes.create_string_buffer(prog)
fprog = struct.pack("HL", LEN, ctypes.addressof(buf))
def fill(n):
    socks = []
    for i in range(n):
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try: s.setsockopt(socket.SOL_SOCKET, 26, fprog)
        except OSError as e: print("attach", i, e); break
        socks.append(s)
    return socks
NPROC, NSOCK = %d, %d
kids = []
for p in range(NPROC - 1):
    pid = os.fork()
    if pid == 0:
        k = fill(NSOCK); time.sleep(8); os._exit(0)
    kids.append(pid)
t0 = time.time(); keep = fill(NSOCK); print("FILL seconds", round(time.time() - t0, 2), flush=True)
print("FILTERS attached:", len(keep), "in this process of", NPROC, flush=True)
time.sleep(6)
for k in kids: os.waitpid(k, 0)
''' % (NPROC, NSOCK)
def packs():
    return sum(int(l.split()[1]) for l in open("/proc/vmallocinfo") if "bpf_prog_pack" in l)
base = packs(); peak = [base]; stop = False
def sampler():
    while not stop:
        peak.append(packs()); time.sleep(0.2)
threading.Thread(target=sampler, daemon=True).start()
c = probe_run("a06", CODE)
stop = True
limit = int(open("/proc/sys/net/core/bpf_jit_limit").read())
grow = max(peak) - base
print(f"host bpf_prog_pack space: base {base >> 20} MiB, peak {max(peak) >> 20} MiB (+{grow >> 20} MiB) for {NPROC * NSOCK} "
      f"filters; bpf_jit_limit {limit >> 20} MiB -> {limit / max(1, grow / (NPROC * NSOCK)):.0f} filters "
      f"= {limit / max(1, grow / (NPROC * NSOCK)) / 1280:.1f} processes of 1,280 descriptors fill it")
