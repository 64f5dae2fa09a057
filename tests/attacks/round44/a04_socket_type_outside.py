"""a04: a01's socket-type path, outside any sandbox (root, a fresh netns) for comparison, with types the kernel refuses
before any protocol lookup (type 11 >= SOCK_MAX: EINVAL in __sock_create) and with SOCK_NONBLOCK/SOCK_CLOEXEC
folded into the type (the filter would have to mask them). Same answers inside (a01) and outside = the filter lets the
call through to inet_create/inet6_create's lookup, whose miss is where a modular kernel calls
request_module("net-pf-%d-proto-%d-type-%d") and then request_module("net-pf-%d-proto-%d") (modprobe, as host root).
Also: the binfmt path (exec of a non-printable magic) outside, for comparison."""
import socket, errno, json, os, subprocess, sys, tempfile
res = {}
for fam in (2, 10):
    for typ in (4, 5, 6, 11, 5 | socket.SOCK_NONBLOCK, 5 | socket.SOCK_CLOEXEC):
        for proto in (0, 6, 17):
            try:
                s = socket.socket(fam, typ, proto); s.close(); r = "ok"
            except OSError as e:
                r = errno.errorcode.get(e.errno, str(e.errno))
            res[f"{fam}/{typ}/{proto}"] = r
p = os.path.join(tempfile.mkdtemp(), "x.bin")
open(p, "wb").write(b"\x01\x02\x03\x04" + b"\0" * 200); os.chmod(p, 0o755)
try:
    subprocess.run([p]); res["exec"] = "ran"
except OSError as e:
    res["exec"] = errno.errorcode.get(e.errno)
res["modprobe_sysctl"] = os.path.exists("/proc/sys/kernel/modprobe")
print(json.dumps(res, indent=0))
