"""a06: round 39's fix (RLIMIT_RTPRIO 0, RLIMIT_NICE 0, RLIMIT_MEMLOCK 64 KiB, RLIMIT_MSGQUEUE 0 in every sandbox) is in
sandbox.apply_limits, which the bwrap path uses; but a real grading forks its kernel from the warm template
(grader/zygote.py), whose child sets only zygote.RLIMITS (DATA, AS, CPU, FSIZE, NPROC, NOFILE, CORE, STACK,
SIGPENDING): the four new ones are inherited from the template, i.e. from the TA's session. a05 already read
MEMLOCK 8 MiB and MSGQUEUE 819,200 in a forked kernel (the grader's own). Here the TA's session allows real-time
priority (limits.conf `@audio - rtprio 95`, `memlock unlimited` as GPU/RDMA setups use). This container's root lacks
CAP_SYS_RESOURCE and cannot RAISE a hard limit, so inheritance is shown with distinctive LOWERED values instead:
the grader runs under `prlimit --memlock=6291456 --msgqueue=12345` (a TA session's values); does the kernel read
6291456/12345 (inherited) or 65536/0 (round 39's promise)? The SCHED_FIFO child below is then refused (rtprio 0 here)
but takes the same path as memlock. mallory's kernel makes ONE child SCHED_FIFO 50, pinned to CPU 1, spinning
for 8 s (kept short: this machine is shared). A host process at normal priority pinned to CPU 1 counts its work per
0.5 s meanwhile. Controls aaron40u, zoe40u."""
import os, sys, threading, multiprocessing as mp
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"
PROBE = r'''
import os, resource, time, ctypes
print("PROBE limits:", {n: resource.getrlimit(getattr(resource, n)) for n in ("RLIMIT_RTPRIO", "RLIMIT_NICE", "RLIMIT_MEMLOCK", "RLIMIT_MSGQUEUE")})
libc = ctypes.CDLL(None, use_errno=True)
buf = ctypes.create_string_buffer(64 << 20)
print("PROBE mlock 64 MiB:", libc.mlock(buf, 64 << 20), ctypes.get_errno())
pid = os.fork()
if pid == 0:
    try:
        os.sched_setaffinity(0, {1})
        os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(50))
        os.write(1, b"PROBE child is SCHED_FIFO 50 on CPU 1\n")
        t = time.time()
        while time.time() - t < 8: pass
    except Exception as e:
        os.write(1, f"PROBE fifo refused: {e}\n".encode())
    os._exit(0)
os.waitpid(pid, 0)
'''
m = honest(A)
for c in m.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory":
        c.source = PROBE + "\n" + c.source
d = make_course("a06")
hand_in(d, "aaron40u", A, honest(A)); hand_in(d, "mallory40u", A, m); hand_in(d, "zoe40u", A, honest(A))
chown(d)

def meter(q, stop):
    os.sched_setaffinity(0, {1})
    while not stop.is_set():
        t = time.time(); n = 0
        while time.time() - t < 0.5: n += 1
        q.put((round(t, 1), n))
q, stop = mp.Queue(), mp.Event()
p = mp.Process(target=meter, args=(q, stop)); p.start()
cmd = ["prlimit", "--memlock=6291456:6291456", "--msgqueue=12345:12345", "--nice=0:0", "--",
       "setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups",
       PY, "-m", "grader.grade", "--course-dir", d, "--workers", "1", A]
t0 = time.time()
r = subprocess.run(cmd, cwd=CLONE, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=900)
stop.set(); p.join()
print(f"grade rc={r.returncode} in {time.time()-t0:.1f}s"); print(r.stdout[-1500:])
samples = []
while not q.empty(): samples.append(q.get())
base = sorted(n for _, n in samples)[len(samples) // 2]
print(f"host meter on CPU 1: {len(samples)} half-seconds, median {base:,} loops/0.5s")
print("lowest 20 windows (time since start, loops, share of median):")
for t, n in sorted(samples, key=lambda x: x[1])[:20]:
    print(f"  +{t - t0:6.1f}s {n:>10,} {n / base:6.1%}")
scores(d)
nb = nbformat.read(f"{d}/autograded/mallory40u/{A}/{A}.ipynb", 4)
for c in nb.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory":
        for o in c.outputs:
            print(o.get("text", ""))
