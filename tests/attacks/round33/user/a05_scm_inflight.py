"""a05: descriptors in flight over local sockets (SCM_RIGHTS) are counted per host user (user->unix_inflight), and
a sender whose user has more in flight than the sender's RLIMIT_NOFILE gets ETOOMANYREFS. As an ordinary user the
sandbox's host user IS the grader's: mallory's kernel sends copies of one descriptor into socketpairs it never
reads, up to its own cap (1,280 + a message), holds them 25 s, and lets them go. A host sampler (uid 65534, NOFILE
1024, outside any sandbox) passes one descriptor every 0.5 s, as grader.zygote.request_kernel and Python's
multiprocessing forkserver do."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
cell = sol(A, "training_memory") + r'''
import socket, os, time, errno as _e
n, pairs, err = 0, [], None
fd = os.open("/dev/null", os.O_RDONLY)
try:
    while n < 100000:
        a, b = socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)
        pairs.append((a, b))
        for _ in range(64):
            socket.send_fds(a, [b"x"], [fd] * 253); n += 253
except OSError as e:
    err = f"{e.errno} {e.strerror}"
print("INFLIGHT", n, "stopped by", err, "pairs", len(pairs), flush=True)
time.sleep(25)
for a, b in pairs: a.close(); b.close()
print("released", flush=True)
'''
d = make_course("a05", A, {"mallory": {"training_memory": cell}})
log = "/tmp/attack33-user-a05-sampler.txt"; open(log, "w").close(); os.chmod(log, 0o666)
samp = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups",
                         PY, "tests/attacks/round33/user/scm_sampler.py", "150", log])
r, el = grade(d, A)
time.sleep(3); samp.kill()
scores(d, A)
print("OUT mallory:", outputs(d, "mallory", A, "training_memory")[:400])
s = open(log).read().splitlines()
bad = [l for l in s if "ok" not in l]
print("SAMPLER rows:", len(s), "refused:", len(bad))
print("\n".join(s[:2] + ["..."] + bad[:3] + ["..."] + bad[-3:] + ["..."] + s[-2:]))
if bad:
    print("refused for %.1f s" % (float(bad[-1].split()[0]) - float(bad[0].split()[0])))
canary_scan(d)
