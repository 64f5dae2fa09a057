"""a01: baseline (honest from source/, untouched release) + a recon notebook (the untouched notebook whose quiz_q1
cell prints what the sandbox exposes as the ordinary user: /dev, mounts, rlimits, status, env, runtime folder,
/proc, per-user objects: POSIX mqueue, pipes, RT signals)."""
from u6 import *
RECON = r'''
import os, sys, resource, json, glob, ctypes, signal, errno
print("uid", os.getuid(), os.geteuid(), "pid", os.getpid(), "argv", sys.argv)
print("dev", sorted(os.listdir("/dev")))
print(open("/proc/self/mountinfo").read())
for n in dir(resource):
    if n.startswith("RLIMIT_"):
        print(n, resource.getrlimit(getattr(resource, n)))
print("".join(l for l in open("/proc/self/status") if l.split(":")[0] in ("Uid","CapEff","CapBnd","Seccomp","NoNewPrivs","NSpid")))
print("env", dict(os.environ))
print("proc pids", [p for p in os.listdir("/proc") if p.isdigit()])
for p in [p for p in os.listdir("/proc") if p.isdigit()]:
    try: print(p, open(f"/proc/{p}/cmdline").read().replace("\0"," ")[:300])
    except Exception as e: print(p, e)
cf = [a for a in sys.argv if a.endswith(".json")]
print("connfile", cf)
for d in set(os.path.dirname(a) for a in cf) | {"/tmp", "/dev/shm", os.getcwd()}:
    try:
        print(d, os.listdir(d)[:50], "writable", os.access(d, os.W_OK))
        open(os.path.join(d, "x_probe"), "w").write("x"); print(" wrote", d); os.unlink(os.path.join(d, "x_probe"))
    except Exception as e: print(" ", d, repr(e))
libc = ctypes.CDLL(None, use_errno=True)
try:
    rt = ctypes.CDLL("librt.so.1", use_errno=True)
    rt.mq_open.restype = ctypes.c_int
    fd = rt.mq_open(b"/q1", os.O_CREAT | os.O_RDWR, 0o600, None)
    print("mq_open", fd, ctypes.get_errno())
except Exception as e: print("mq", e)
try:
    r, w = os.pipe(); print("pipe ok")
except Exception as e: print("pipe", e)
for f in ("/proc/sys/fs/pipe-user-pages-soft", "/proc/sys/kernel/pid_max", "/proc/sys/fs/mqueue/msg_max"):
    try: print(f, open(f).read().strip())
    except Exception as e: print(f, e)
print("sched", os.sched_getaffinity(0), os.getpriority(os.PRIO_PROCESS, 0))
print("sysfs", glob.glob("/sys/*"))
q1 = "a"
'''
if __name__ == "__main__":
    dest, p = ugrade("01", {"honest": honest_nb(), "recon": notebook({"quiz_q1": RECON}), "untouched": notebook()})
    outputs(dest, "recon")

# RESULT (ordinary user, 110 s, a01.out.txt): held. honest 24/24 (+6 by hand), recon 0/30, untouched 0/30.
# Sandbox: uid 65534, CapEff/CapBnd 0, NoNewPrivs 1, Seccomp 2, 3 pids visible (bwrap, placeholder, kernel), env
# allow-list only, root ro, /proc/sys ro, no course/home/autograders/source; runtime folder mounted ro; /tmp,
# /dev/shm and the work folder writable (sized tmpfs). Limits: DATA 6 GiB, NPROC 261 (= user's current + 256),
# NOFILE 20000, CPU 1800, FSIZE 512 MiB, MEMLOCK 8 MiB, MSGQUEUE 819200, SIGPENDING 96364.
# NEW in /dev beyond the threat model's list: ptmx, pts (a devpts instance), tty, full, urandom (see a02).
# mq_open works (POSIX mqueue, RLIMIT_MSGQUEUE counted per host user).
