"""a06 (ORDINARY USER): per-user kernel counters shared by the sandbox and every host process of the grader's user.

The sandbox's processes are host uid 65534, the same user as the grader (and, on a TA's machine, the TA's own
session when the TA grades as himself, as the README recommends). The kernel keeps some counts per host user, not
per namespace: epoll watches (fs.epoll.max_user_watches, here 5.49 M) and inotify instances (128). A cell fills both
(2,750 epoll instances x 2,000 dup'ed descriptors; 128 inotify instances; ~1 GB of kernel memory that no rlimit
counts), holds them HOLD seconds and releases them. Meanwhile this script, OUTSIDE any sandbox, runs as uid 65534
on the host: select.epoll().register() and inotify_init(), and a pyzmq socket, every 0.5 s.
HOLD is kept short (10 s): other runs' sandboxes on this machine are uid 65534 too.
"""
from u import *
import threading

HOG = r'''
import os, select, time, ctypes
def _fill(hold=10):
    out = []
    r, w = os.pipe()
    dups = [os.dup(r) for _ in range(2000)]
    eps, n, t0 = [], 0, time.time()
    try:
        while True:
            e = select.epoll(); eps.append(e)
            for d in dups:
                e.register(d, select.EPOLLIN); n += 1
    except OSError as exc:
        out.append(f"epoll watches: {n} in {time.time()-t0:.1f}s, then {exc}")
    libc = ctypes.CDLL(None, use_errno=True)
    ino = []
    while len(ino) < 1000:
        fd = libc.inotify_init()
        if fd < 0: break
        ino.append(fd)
    out.append(f"inotify: {len(ino)} then errno {ctypes.get_errno()}")
    open("/dev/shm/ready", "w").close()
    time.sleep(hold)
    for e in eps: e.close()
    for fd in ino + dups + [r, w]: os.close(fd)
    return "; ".join(out)
print("KERNEL", _fill())
'''
nb = notebook(append={"training_memory": HOG})

PROBE = r'''
import select, os, ctypes, sys
res = []
try:
    e = select.epoll(); r, w = os.pipe(); e.register(r, select.EPOLLIN); res.append("epoll ok")
except OSError as x:
    res.append(f"epoll FAILED {x}")
fd = ctypes.CDLL(None, use_errno=True).inotify_init()
res.append("inotify ok" if fd >= 0 else f"inotify FAILED errno {ctypes.get_errno()}")
try:
    import zmq, asyncio
    loop = asyncio.new_event_loop(); res.append("asyncio loop ok")
except Exception as x:
    res.append(f"asyncio FAILED {type(x).__name__} {x}")
print("; ".join(res))
'''


def probe_loop(stop, log):
    while not stop:
        p = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", CLONE + "/.venv/bin/python", "-c", PROBE],
                           capture_output=True, text=True)
        line = (p.stdout.strip() or p.stderr.strip()[-300:])
        if not log or log[-1][1] != line:
            log.append((time.strftime("%H:%M:%S"), line))
        time.sleep(0.5)


if __name__ == "__main__":
    stop, log = [], []
    th = threading.Thread(target=probe_loop, args=(stop, log)); th.start()
    dest, p = ugrade("06", {"epoll": nb})
    stop.append(1); th.join()
    print("HOST PROBES as uid 65534 (outside the sandbox), changes only:")
    for t, line in log:
        print("  ", t, line)
    outputs(dest, "epoll")

# RESULT (ORDINARY USER, 72 s): BROKEN (the sandbox reaches host processes outside it). The kernel took all
# 5,491,444 epoll watches of host uid 65534 in 14.1 s (ENOSPC), then all 128 inotify instances (EMFILE), ~1 GB of
# kernel memory no rlimit counts. Host probes as uid 65534, outside any sandbox:
#   05:30:42 epoll ok; inotify ok; asyncio loop ok
#   05:31:30 epoll FAILED [Errno 28] No space left on device; inotify FAILED errno 24; asyncio FAILED OSError [Errno 28]
#   05:31:45 epoll ok; inotify ok; asyncio loop ok       (after the 10 s hold)
# Every process of the grader's user on the host (a TA grading as himself: his whole session; other graders; here also
# the root-run tester's sandboxes, which are uid 65534 too) can open no asyncio loop, epoll or inotify while a cell
# holds them (a cell may hold them until its timeout, a background process until the submission's 900 s).
# Root mode likely has the same cross-submission effect (sandboxes of parallel workers share host uid 65534;
# epoll items are memcg-charged but 0.7 GB fits in the 6 GiB cap): not tested here.
