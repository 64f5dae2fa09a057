"""a12: queued signals are counted per host user (round 12 capped RLIMIT_SIGPENDING in the sandbox). Do several
processes of one kernel together queue more than that cap (each has the cap as its own limit), and does a host
process of the grader's user (uid 65534, outside) then get EAGAIN from sigqueue? Four children each block SIGRTMIN
and queue it to themselves until refused, hold 15 s."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
cell = sol(A, "training_memory") + r'''
import ctypes, os, signal, time, resource
libc = ctypes.CDLL(None, use_errno=True)
class SV(ctypes.Union): _fields_ = [("i", ctypes.c_int), ("p", ctypes.c_void_p)]
libc.sigqueue.argtypes = [ctypes.c_int, ctypes.c_int, SV]
kids = []
for k in range(4):
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGRTMIN])
        n = 0
        while n < 200000 and libc.sigqueue(os.getpid(), signal.SIGRTMIN, SV(0)) == 0:
            n += 1
        os.write(w, f"{n} errno={ctypes.get_errno()}".encode()); os.close(w)
        time.sleep(15); os._exit(0)
    os.close(w); kids.append((pid, r))
res = [os.read(r, 100).decode() for pid, r in kids]
print("SIGPENDING limit", resource.getrlimit(resource.RLIMIT_SIGPENDING), "queued per child", res, flush=True)
time.sleep(12)
for pid, r in kids: os.waitpid(pid, 0)
'''
samp_code = r'''
import ctypes, os, signal, sys, time
libc = ctypes.CDLL(None, use_errno=True)
class SV(ctypes.Union): _fields_ = [("i", ctypes.c_int), ("p", ctypes.c_void_p)]
libc.sigqueue.argtypes = [ctypes.c_int, ctypes.c_int, SV]
signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGRTMIN + 1])
end = time.time() + float(sys.argv[1]); log = open(sys.argv[2], "a", buffering=1)
while time.time() < end:
    rc = libc.sigqueue(os.getpid(), signal.SIGRTMIN + 1, SV(0)); e = ctypes.get_errno()
    signal.sigtimedwait([signal.SIGRTMIN + 1], 0)
    log.write(f"{time.time():.1f} sigqueue rc={rc} errno={e if rc else 0}\n"); time.sleep(0.5)
'''
open("tests/attacks/round33/user/sig_sampler.py", "w").write(samp_code)
d = make_course("a12", A, {"mallory": {"training_memory": cell}})
log = "/tmp/attack33-user-a12-sampler.txt"; open(log, "w").close(); os.chmod(log, 0o666)
samp = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups",
                         PY, "tests/attacks/round33/user/sig_sampler.py", "120", log])
r, el = grade(d, A)
time.sleep(2); samp.kill()
scores(d, A)
print("OUT mallory:", outputs(d, "mallory", A, "training_memory")[:400])
s = open(log).read().splitlines(); bad = [l for l in s if "rc=0" not in l]
print("SAMPLER rows:", len(s), "refused:", len(bad)); print("\n".join(s[:2] + bad[:3] + s[-2:]))
canary_scan(d)
