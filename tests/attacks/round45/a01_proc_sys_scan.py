"""a01: inside the sandbox, time a read of every file round 44's /proc allow list keeps (/proc/sys, /proc/self,
/proc/net, the kept top-level files) and of /sys/devices/system, looking for a host-wide entry that costs the host
to read (as es_shrinker_info did); plus the ioctl allow list's socket commands (SIOCETHTOOL sub-commands on lo)
and a few allowed calls with host-wide effects (membarrier, PR_SCHED_CORE). Controls aaron and zoe beside."""
import json, sys, glob
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
from tools.submissions import solution_text

PAYLOAD = r'''
import os, time, json, errno, ctypes, socket, struct, fcntl, glob
res = {}
print("A01START", flush=True)
def scan(root, maxfiles=20000):
    times = []; errs = {}; n = 0
    for dp, dns, fns in os.walk(root, followlinks=False):
        if dp.count("/") > 7: dns[:] = []
        # skip other pids' and tasks' duplicates
        dns[:] = [d for d in dns if not (root.startswith("/proc/self") and d in ("task","map_files","fd","fdinfo","ns","root","cwd","exe"))]
        for fn in fns:
            p = os.path.join(dp, fn)
            if fn in ("mem","pagemap","kcore","clear_refs","kmsg","sysrq-trigger"): continue
            n += 1
            if n > maxfiles: break
            t = time.perf_counter()
            try:
                fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK)
                try:
                    d = os.read(fd, 1 << 20)
                finally:
                    os.close(fd)
                dt = time.perf_counter() - t
                times.append((dt, p, len(d)))
            except OSError as e:
                errs[e.errno] = errs.get(e.errno, 0) + 1
    times.sort(reverse=True)
    return {"files": n, "read": len(times), "errors": errs, "slowest": [(round(a*1000,2), b, c) for a,b,c in times[:8]],
            "total_ms": round(sum(a for a,_,_ in times)*1000, 1)}
for r in ("/proc/sys", "/proc/self", "/proc/self/net", "/sys/devices/system"):
    res[r] = scan(r)
top = {}
for n in sorted(os.listdir("/proc")):
    if n.isdigit(): continue
    p = "/proc/" + n
    try:
        if os.path.isdir(p) and not os.path.islink(p): top[n] = "dir:%d" % len(os.listdir(p))
        else:
            with open(p, "rb") as f: top[n] = "file:%d" % len(f.read(1 << 20))
    except OSError as e:
        top[n] = "err:%d" % e.errno
res["proc_top"] = top
# writable entries of /proc/self (own process: fine) and anything writable in /proc/sys
wr = []
for p in glob.glob("/proc/sys/**", recursive=True):
    if os.path.isfile(p) and os.access(p, os.W_OK): wr.append(p)
res["proc_sys_writable_access"] = wr[:20]
# ioctl: SIOCETHTOOL sub-commands on lo
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
eth = {}
for cmd in list(range(0, 0x70)):
    buf = ctypes.create_string_buffer(4096)
    struct.pack_into("I", buf, 0, cmd)
    ifr = struct.pack("16sP", b"lo", ctypes.addressof(buf))
    try:
        fcntl.ioctl(s.fileno(), 0x8946, ifr)
        eth[hex(cmd)] = "ok"
    except OSError as e:
        eth[hex(cmd)] = e.errno
res["ethtool_ok"] = [k for k, v in eth.items() if v == "ok"]
# other ioctls refused?
refused = {}
for cmd in (0x5412, 0x541C, 0x8914, 0x8916, 0x89F0, 0xC020660B, 0x8004667E, 0x40086602):
    try:
        fcntl.ioctl(s.fileno(), cmd, b"\0" * 64); refused[hex(cmd)] = "ok"
    except OSError as e:
        refused[hex(cmd)] = e.errno
res["other_ioctls"] = refused
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
r = libc.syscall(324, 0, 0, 0)  # membarrier QUERY
res["membarrier_query"] = [r, ctypes.get_errno()]
r = libc.prctl(62, 1, 0, 0, 0)  # PR_SCHED_CORE GET
res["pr_sched_core_get"] = [r, ctypes.get_errno()]
r = libc.prctl(62, 1, 0, 0, 0)
with open("/proc/self/mountinfo") as f: res["mounts"] = len(f.readlines())
print("A01RESULT " + json.dumps(res))
'''

sol = {c.metadata.nbgrader.grade_id: solution_text(c) for c in nbformat.read(f"{CLONE}/source/ps1_memory/ps1_memory.ipynb", 4).cells
       if c.get("metadata", {}).get("nbgrader", {}).get("solution")}
d, r, sc = run_class("a01", "ps1_memory", {"mallory": {"quiz_q1": PAYLOAD + "\n" + sol["quiz_q1"]}})
nb = nbformat.read(f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb", 4)
for c in nb.cells:
    for o in c.get("outputs", []):
        t = o.get("text", "")
        if "A01RESULT" in t:
            res = json.loads(t.split("A01RESULT ", 1)[1].splitlines()[0])
            print(json.dumps(res, indent=1)[:12000])
