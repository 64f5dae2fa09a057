"""Round 10, a04 (root run): re-verify earlier fixes from inside a ps1 kernel, and try a few syscalls
not in the seccomp list: prlimit64 / setpriority on other processes of the sandbox (bwrap's init,
the placeholder), timer_create (RLIMIT_SIGPENDING per user), socket(AF_NETLINK, NETLINK_KOBJECT_UEVENT)
(host uevents?), mlock, sched_setscheduler. The findings are printed in the first solution cell and
read back from autograded/recon/ps1_memory/ps1_memory.ipynb.

Usage: python a04_root_recon_verify.py COURSE_DIR
"""
import json, pathlib, sys

course = pathlib.Path(sys.argv[1])
nb = json.loads((pathlib.Path(__file__).resolve().parents[3] / "release/ps1_memory/ps1_memory.ipynb").read_text())
RECON = r'''
import os, ctypes, socket, errno, resource, signal
libc = ctypes.CDLL(None, use_errno=True)
def sc(nr, *a):
    r = libc.syscall(nr, *[ctypes.c_long(x) for x in a]); return r if r >= 0 else -ctypes.get_errno()
out = {}
st = open("/proc/self/status").read()
out["ids"] = [l for l in st.splitlines() if l.split(":")[0] in ("Uid","Gid","CapEff","CapBnd","Seccomp","NoNewPrivs")]
out["uid_map"] = open("/proc/self/uid_map").read().split()
out["env"] = sorted(os.environ)
out["root"] = sorted(os.listdir("/"))
try: open("/proc/sys/kernel/hostname","w"); out["procsys"]="WRITABLE"
except OSError as e: out["procsys"]=e.errno
out["pidfd_open"] = sc(434, 1, 0)
out["memfd"] = sc(319, ctypes.c_char_p(b"x") and 0, 0)
out["clone3"] = sc(435, 0, 0)
out["fanotify"] = sc(300, 0, 0)
try: socket.socket(40, socket.SOCK_STREAM); out["vsock"]="OPEN"
except OSError as e: out["vsock"]=e.errno
pids = sorted(int(p) for p in os.listdir("/proc") if p.isdigit())
out["pids"] = {p: open(f"/proc/{p}/cmdline","rb").read()[:60].decode("latin1") for p in pids}
# prlimit64 on other processes of the sandbox: lower their RLIMIT_NOFILE (same uid, no ptrace check)
class RL(ctypes.Structure): _fields_=[("cur",ctypes.c_ulong),("max",ctypes.c_ulong)]
pr = {}
for p in pids:
    if p == os.getpid(): continue
    old = RL(); r = libc.prlimit(p, 7, None, ctypes.byref(old)); e = ctypes.get_errno()
    pr[p] = (r, e, old.cur, old.max)
out["prlimit_read_nofile"] = pr
out["setpriority_1"] = (libc.setpriority(0, 1, 19), ctypes.get_errno())
try:
    s = socket.socket(socket.AF_NETLINK, socket.SOCK_DGRAM, 15); s.bind((0, 1)); s.settimeout(0.5)
    try: out["uevent"] = s.recv(200)[:80]
    except socket.timeout: out["uevent"] = "bound, nothing in 0.5 s"
except OSError as e: out["uevent"] = e.errno
out["rlimits"] = {n: resource.getrlimit(getattr(resource, n)) for n in ("RLIMIT_NOFILE","RLIMIT_NPROC","RLIMIT_DATA","RLIMIT_AS","RLIMIT_SIGPENDING","RLIMIT_MEMLOCK","RLIMIT_RTPRIO","RLIMIT_NICE")}
out["cgroup"] = open("/proc/self/cgroup").read()
out["mounts"] = [l.split()[1:4] for l in open("/proc/self/mounts")]
try: out["sched_fifo"] = os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(1))
except OSError as e: out["sched_fifo"] = e.errno
print(repr(out))
'''
for cell in nb["cells"]:
    if cell.get("metadata", {}).get("nbgrader", {}).get("solution"):
        cell["source"] = RECON + "\n" + "".join(cell["source"])
        break
out = course / "submitted" / "recon" / "ps1_memory"
out.mkdir(parents=True, exist_ok=True)
(out / "ps1_memory.ipynb").write_text(json.dumps(nb, indent=1))
print("written", out)
