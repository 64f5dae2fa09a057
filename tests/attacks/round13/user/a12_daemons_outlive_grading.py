"""a12: daemons left by the kernel AND by the student's code in the observer's child (double fork, setsid, SIGTERM/
SIGHUP ignored, renamed): after `tools.grade` returns, is any process of uid 65534 left but the tester's own?"""
import os, sys, subprocess, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u13
DAEMON = r'''
def _daemon(tag):
    import os, signal, time, ctypes
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            for s in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
                signal.signal(s, signal.SIG_IGN)
            ctypes.CDLL(None).prctl(15, tag.encode(), 0, 0, 0)   # PR_SET_NAME
            while True:
                time.sleep(0.5)
        os._exit(0)
'''
CELL = DAEMON + r'''
_daemon("a13kdaemon")
def training_memory(model, optimizer):
    import sys
    obs = sys.modules.get("probes.observer")
    if obs is not None and obs.ACTIVE:
        _daemon("a13odaemon")
    return {"weights": 0, "gradients": 0, "optimizer_state": 0, "total": 0}
'''
nb = u13.notebook("ps1_memory", append={"training_memory": CELL})
dest = u13.course("a12", {("mallory", "ps1_memory"): nb, ("zz_honest", "ps1_memory"): u13.honest("ps1_memory")})
def procs():
    out = subprocess.run(["ps", "-u", "65534", "-o", "pid=,comm=,args="], capture_output=True, text=True).stdout
    # only this clone's processes and the daemons' names: other work on this shared host runs as 65534 too
    return [l for l in out.splitlines() if l.strip() and (u13.CLONE in l or "a13" in l)]
print("uid 65534 processes before:", len(procs()))
u13.grade(dest)
u13.scores(dest)
for wait in (0, 5):
    time.sleep(wait)
    left = procs()
    print(f"{wait}s after grading: {len(left)} processes of uid 65534 from this clone (or named a13*);", "daemons:", [l for l in left if "a13" in l])
    for l in left:
        print("   ", l[:160].replace(u13.CLONE, "<clone>"))
