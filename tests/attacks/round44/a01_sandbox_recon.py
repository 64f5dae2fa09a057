"""a01: recon of the sandbox's module-autoload and memory paths the filter does not name, through the real grading.
mallory's quiz_q1 cell (q1 = "b" kept) also probes:
 - socket(AF_INET/AF_INET6, SOCK_RDM/SEQPACKET/DCCP/PACKET, 0|6|17): the filter checks family and protocol only; the
   kernel's inet_create looks the *type* up and, finding none, runs request_module("net-pf-2-proto-0-type-5") (modprobe
   as host root on a modular kernel). ESOCKTNOSUPPORT/EPROTONOSUPPORT from the kernel = that path was reached.
 - exec of a file with non-printable magic in the writable tmpfs (search_binary_handler: request_module("binfmt-XXXX")).
 - mmap of /dev/zero MAP_SHARED (shared anonymous memory without MAP_ANONYMOUS: the filter looks at the flag only).
 - a few unnamed syscalls below 453.
Controls aaron and zoe graded beside it."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
PROBE = r'''
q1 = "b"
import socket, errno, os, ctypes, json, mmap, subprocess
res = {}
for fam in (2, 10):
    for typ in (4, 5, 6, 10):
        for proto in (0, 6, 17):
            try:
                s = socket.socket(fam, typ, proto); s.close(); r = "ok"
            except OSError as e:
                r = errno.errorcode.get(e.errno, str(e.errno))
            res[f"sock{fam}/{typ}/{proto}"] = r
# exec of non-printable magic
for d in ("/tmp", os.getcwd(), "/dev/shm"):
    p = os.path.join(d, "x.bin")
    try:
        open(p, "wb").write(b"\x01\x02\x03\x04" + b"\0" * 200); os.chmod(p, 0o755)
        subprocess.run([p], capture_output=True); res["exec" + d] = "ran?"
    except OSError as e:
        res["exec" + d] = errno.errorcode.get(e.errno, str(e.errno))
try:
    f = open("/dev/zero", "r+b"); m = mmap.mmap(f.fileno(), 64 << 20, mmap.MAP_SHARED); m[::4096] = b"\1" * (16384); res["devzero_shared"] = "ok 64MiB"
except Exception as e:
    res["devzero_shared"] = repr(e)
libc = ctypes.CDLL(None, use_errno=True); libc.syscall.restype = ctypes.c_long
for name, nr, args in (("landlock_create_ruleset", 444, (0, 0, 1)), ("process_mrelease", 448, (-1, 0)), ("futex_waitv", 449, (0, 0, 0, 0, 0)),
                       ("set_mempolicy_home_node", 450, (0, 0, 0, 0)), ("fchmodat2", 452, (-100, b"/tmp", 0o755, 0)), ("uselib", 134, (b"/x",)),
                       ("personality", 135, (0xffffffff,)), ("mbind", 237, (0, 0, 0, 0, 0, 0)), ("move_pages", 279, (0, 0, 0, 0, 0, 0)),
                       ("vhangup", 153, ()), ("sysfs", 139, (3,)), ("mlockall", 151, (4,)), ("seccomp", 317, (0, 0, 0))):
    ctypes.set_errno(0); r = libc.syscall(nr, *args)
    res[name] = r if r >= 0 else errno.errorcode.get(ctypes.get_errno(), ctypes.get_errno())
res["mounts"] = [l.split()[1] + " " + l.split()[3] for l in open("/proc/self/mounts") if l.split()[1] in ("/tmp", "/dev/shm", os.getcwd(), "/dev")]
print("RECON " + json.dumps(res))
'''
d = course("a01")
hand_in(d, "aaron", "ps1_memory", nb_for("ps1_memory"))
hand_in(d, "mallory", "ps1_memory", nb_for("ps1_memory", {"quiz_q1": PROBE}))
hand_in(d, "zoe", "ps1_memory", nb_for("ps1_memory"))
grade(d, "ps1_memory")
scores(d, "ps1_memory")
nb = nbformat.read(f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb", 4)
for c in nb.cells:
    for o in c.get("outputs", []):
        t = o.get("text", "") or str(o.get("data", {}).get("text/plain", "")) + str(o.get("evalue", ""))
        if "RECON" in t or o.get("output_type") == "error":
            print(t[:4000])
